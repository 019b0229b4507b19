// Chat limits and constants shared by the server and the web app (spec §3, §7, §9), without zod: the
// chat screen imports these and nothing else from the chat schemas.

/** Spec §5/§9: the chat context is the last 30 non-empty messages (the server's prompt uses the same). */
export const CHAT_CONTEXT_MESSAGES = 30;
/** Spec §9: the typed-out look of a reply. */
export const TYPING_MS_PER_CHAR = 20;
/** Spec §9: the History drawer shows this many characters of a chat's first message. */
export const HISTORY_PREVIEW_CHARS = 60;
/** Spec §9: drawers. */
export const DRAWER_WIDTH_PX = 380;
export const DRAWER_CLOSE_MS = 300;
/** Spec §9: the message box grows up to this height. */
export const TEXTAREA_MAX_PX = 150;
/** Spec §9: below this width the thought bubble opens above/below instead of beside. */
export const MOBILE_WIDTH_PX = 640;

/** What a person may type in one message. */
export const USER_INPUT_MAX_CHARS = 4000;
/** One stored message (a saved reply can be longer than what a person types). */
export const MESSAGE_MAX_CHARS = 16_000;
/** Messages in one saved conversation (POST/PUT); the request body limit applies as well. */
export const CONVERSATION_MAX_MESSAGES = 500;
/** Messages returned by GET /api/chatlogs/{uuid} when no limit is asked for, and the most it returns. */
export const CHAT_PAGE_DEFAULT = 50;
export const CHAT_PAGE_MAX = 200;

/** A chat's own name in History (at most this long; empty gives it back its first words). */
export const CHAT_TITLE_MAX_CHARS = 80;

/** GET /api/chatlogs/recent: the sidebar's latest chats, across characters. */
export const RECENT_CHATS_MAX = 20;
