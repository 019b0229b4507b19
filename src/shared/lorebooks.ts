// Lorebooks (world info): the entry and book shapes the server stores and the editor sends.
import { z } from 'zod';
import { ZText } from './text.ts';

export const LOREBOOK_LIMITS = {
  entriesPerBook: 1000,
  keysPerEntry: 50,
  keyChars: 200,
  contentChars: 8000,
  commentChars: 200,
  nameChars: 100,
  descriptionChars: 2000,
  /** How many recent messages a book may scan. */
  scanDepthMax: 1000,
  tokenBudgetMax: 32000,
  recursionStepsMax: 10,
  depthMax: 1000,
  booksPerPerson: 200,
} as const;

/** How secondary keys combine with the primary match (SillyTavern's selective logic). */
export const SELECTIVE_LOGICS = ['and_any', 'and_all', 'not_any', 'not_all'] as const;
export type TSelectiveLogic = (typeof SELECTIVE_LOGICS)[number];

/** Before or after the character definition, or at a depth in the chat (0 = after the last message). */
export const LORE_POSITIONS = ['before_char', 'after_char', 'at_depth'] as const;
export type TLorePosition = (typeof LORE_POSITIONS)[number];

const ZKey = ZText.trim().min(1, 'A key cannot be empty').max(LOREBOOK_LIMITS.keyChars);

export const ZLoreEntryInput = z.object({
  keys: z.array(ZKey).max(LOREBOOK_LIMITS.keysPerEntry).default([]),
  secondaryKeys: z.array(ZKey).max(LOREBOOK_LIMITS.keysPerEntry).default([]),
  selectiveLogic: z.enum(SELECTIVE_LOGICS).default('and_any'),
  content: ZText.max(LOREBOOK_LIMITS.contentChars),
  enabled: z.boolean().default(true),
  constant: z.boolean().default(false),
  insertionOrder: z.number().int().min(-100000).max(100000).default(100),
  position: z.enum(LORE_POSITIONS).default('before_char'),
  depth: z.number().int().min(0).max(LOREBOOK_LIMITS.depthMax).default(4),
  caseSensitive: z.boolean().default(false),
  matchWholeWords: z.boolean().default(true),
  probability: z.number().int().min(0).max(100).default(100),
  comment: ZText.max(LOREBOOK_LIMITS.commentChars).default(''),
});
export type TLoreEntryInput = z.input<typeof ZLoreEntryInput>;
export type TLoreEntryFields = z.infer<typeof ZLoreEntryInput>;

export const ZLorebookSettings = z.object({
  scanDepth: z.number().int().min(1).max(LOREBOOK_LIMITS.scanDepthMax).default(4),
  tokenBudget: z.number().int().min(1).max(LOREBOOK_LIMITS.tokenBudgetMax).default(512),
  recursiveScanning: z.boolean().default(false),
  maxRecursionSteps: z.number().int().min(1).max(LOREBOOK_LIMITS.recursionStepsMax).default(3),
});
export type TLorebookSettings = z.infer<typeof ZLorebookSettings>;

export const DEFAULT_LOREBOOK_SETTINGS: TLorebookSettings = ZLorebookSettings.parse({});

/** A lorebook entry a reply was given, shown from that reply. */
export type TReplyLore = {
  bookId: number;
  bookName: string;
  entryId: number;
  comment: string;
  keys: string[];
};

export const ZLorebookInput = z.object({
  name: ZText.trim().min(1, 'Name is required').max(LOREBOOK_LIMITS.nameChars),
  description: ZText.max(LOREBOOK_LIMITS.descriptionChars).default(''),
  alwaysOn: z.boolean().default(false),
  settings: ZLorebookSettings.default(DEFAULT_LOREBOOK_SETTINGS),
});
export type TLorebookInput = z.input<typeof ZLorebookInput>;

export const ZLorebookPatch = z
  .object({
    name: ZText.trim().min(1, 'Name is required').max(LOREBOOK_LIMITS.nameChars),
    description: ZText.max(LOREBOOK_LIMITS.descriptionChars),
    alwaysOn: z.boolean(),
    settings: ZLorebookSettings.partial(),
  })
  .partial();
export type TLorebookPatch = z.infer<typeof ZLorebookPatch>;

export type TLoreEntry = TLoreEntryFields & { id: number };

export type TLorebookSummary = {
  id: number;
  name: string;
  description: string;
  alwaysOn: boolean;
  characterId: number | null;
  entryCount: number;
  /** Only the owner edits; a built-in character's book is read-only. */
  canEdit: boolean;
  settings: TLorebookSettings;
};

export type TLorebook = TLorebookSummary & { entries: TLoreEntry[] };

export const ZLorebookId = z.object({ id: z.coerce.number().int().positive() });
export const ZLoreEntryId = z.object({
  id: z.coerce.number().int().positive(),
  entryId: z.coerce.number().int().positive(),
});
