// Memory shapes and limits shared by the server and the web app (spec: the Memory entity and its calls).
import { z } from 'zod';
import { ZCharacterId, ZChatLogUuid } from './chat.ts';
import { ZRowId } from './ids.ts';
import { ZText, zFilledText } from './text.ts';

/** Spec §9: 'Recent Memory Highlights' shows the last 3. */
export const RECENT_MEMORIES = 3;
/** A memory's text, typed by hand or taken from a message. */
export const MEMORY_MAX_CHARS = 2000;
/** Most-discussed topics on /profile. */
export const TOP_TOPICS = 5;

/** What a kept fact is about (issue 24): the judge names one for each fact. */
export const FACT_KINDS = [
  'person',
  'pet',
  'place',
  'work',
  'health',
  'event',
  'plan',
  'preference',
  'feeling',
] as const;
export type TFactKind = (typeof FACT_KINDS)[number];

/** What a fact said before an update, and from when until when. */
export type TFactHistoryEntry = {
  fact: string;
  kind: TFactKind | null;
  happensOn: string | null;
  source: TMemorySource | null;
  since: string;
  replacedAt: string;
};

/** Where a memory was said: the chat, and the person's message's position in it (null when unknown). */
export type TMemorySource = { chatUuid: string; position: number | null };

/**
 * A memory as the API returns it (spec: id, content, reply, characterName, createdAt, checked_in). `content`
 * is the person's words and `reply` the character's; `fact` the judge's fact (null: hand-added, or kept before
 * facts), with its kind and the day it happens (events and plans, YYYY-MM-DD); `history` what it said before.
 */
export type TMemory = {
  id: number;
  characterId: number;
  characterName: string;
  content: string;
  reply: string;
  createdAt: string;
  checked_in: boolean;
  pinned: boolean;
  importance: number;
  fact: string | null;
  kind: TFactKind | null;
  happensOn: string | null;
  source: TMemorySource | null;
  updatedAt: string;
  history: TFactHistoryEntry[];
};

export const ZMemoriesQuery = z.object({ userId: ZRowId, characterId: ZCharacterId });
export const ZUserQuery = z.object({ userId: ZRowId });
export const ZMemoryId = z.object({ id: ZRowId });

export const ZNewMemory = z
  .object({
    characterId: ZCharacterId,
    content: zFilledText('A memory', MEMORY_MAX_CHARS),
    reply: ZText.trim().max(16_000).optional(),
  })
  .strict();

/** PATCH /api/memories/{id}: the person rewrites a memory (its fact, or a hand-added memory's words). */
export const ZEditMemory = z
  .object({
    text: zFilledText('A memory', MEMORY_MAX_CHARS),
  })
  .strict();

/** GET /api/memories/reply: the memories the reply at `position` of the person's chat `hist` was given. */
export const ZReplyMemoriesQuery = z.object({
  hist: ZChatLogUuid,
  position: z.coerce.number().int().min(0).max(2_147_483_647),
});

export const ZPinMemory = z.object({ pinned: z.boolean() }).strict();

/** POST /assistant-memories-search: the signed-in person's memories, of one character when given. */
export const ZMemorySearch = z.object({
  userId: ZRowId.optional(),
  characterId: ZCharacterId.nullish(),
  query: ZText.trim().min(1, 'A search needs some words').max(500, 'A search is at most 500 characters'),
});

export const ZTimeZone = z
  .object({ timeZone: ZText.max(64).refine(isTimeZone, 'an IANA time zone such as Europe/Paris') })
  .strict();

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A check-in in the Notifications panel (GET /api/memories/check-ins). */
export type TCheckInItem = {
  uuid: string;
  characterId: number;
  characterName: string;
  read: boolean;
  createdAt: string;
};
