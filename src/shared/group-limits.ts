// Group chats' limits and reply orders, without zod: the chat screen's group controls import these.

export const GROUP_MIN_MEMBERS = 2;
export const GROUP_MAX_MEMBERS = 8;
/** Auto-mode's pause between two characters' turns. */
export const AUTO_MODE_DELAY_MS = 1500;

/**
 * Who answers the person: natural (a character named in the last message, then each other one by its
 * talkativeness, at least one), list (every member in list order), pooled (one who has not spoken since
 * the person last wrote) or manual (the person picks with 'Speak').
 */
export const REPLY_ORDERS = ['natural', 'list', 'pooled', 'manual'] as const;
export type TReplyOrder = (typeof REPLY_ORDERS)[number];
