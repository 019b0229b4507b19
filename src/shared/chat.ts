// Chat shapes, limits and constants shared by the server and the web app (spec §3, §7, §9).

import { z } from 'zod';
import {
  CHAT_PAGE_DEFAULT,
  CHAT_PAGE_MAX,
  CHAT_TITLE_MAX_CHARS,
  CONVERSATION_MAX_MESSAGES,
  MESSAGE_MAX_CHARS,
  RECENT_CHATS_MAX,
  USER_INPUT_MAX_CHARS,
} from './chat-limits.ts';
import type { TMessageControls } from './controls.ts';
import type { TGroupFace } from './groups.ts';
import { ZRowId } from './ids.ts';
import type { TReplyLore } from './lorebooks.ts';
import type { TCrisisCard } from './safety.ts';
import { ZText, zFilledText } from './text.ts';
import type { TReplyAudio } from './voice.ts';

// The numbers live in a module without zod, so a screen that needs only them does not load zod.
export * from './chat-limits.ts';

export const ZChatLogUuid = z.uuid('hist must be a chat log uuid');
export const ZCharacterId = ZRowId;

export const ZChatSource = z.enum(['text', 'memory-check-in']);
export type TChatSource = z.infer<typeof ZChatSource>;

export const ZMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: ZText.max(MESSAGE_MAX_CHARS, `a message is at most ${MESSAGE_MAX_CHARS} characters`),
  audioUrl: ZText.max(2048).nullish(),
  internalThoughts: ZText.max(MESSAGE_MAX_CHARS).nullish(),
});
export type TMessageInput = z.infer<typeof ZMessage>;

export const ZConversation = z
  .array(ZMessage)
  .max(CONVERSATION_MAX_MESSAGES, `a conversation is at most ${CONVERSATION_MAX_MESSAGES} messages`);

/** A stored message as the API returns it. `position` orders a chat and pages back through it. */
export type TChatMessage = {
  position: number;
  role: 'user' | 'assistant';
  content: string;
  audioUrl: string | null;
  internalThoughts: string | null;
  createdAt: string;
  /** Lorebook entries the reply was given (assistant messages; empty when none). */
  lore?: TReplyLore[];
  /** The ids of the person's memories the reply was given (absent when none). */
  memoryIds?: number[];
  /** Group chats: the character who wrote the reply. */
  speakerId?: number;
  /** A reply the model stopped before it was finished: what arrived, marked as cut off. */
  isCutOff?: boolean;
  // Conversation controls (the server always sends them; optional so older shapes still type-check).
} & Partial<TMessageControls>;

/** What every answer about a chat log says of it. */
type TChatLogFields = {
  uuid: string;
  characterId: number;
  source: TChatSource;
  read: boolean;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
};

/** GET /api/chatlogs/{uuid}: the chat log with its last page of messages (spec: characterId, conversation). */
export type TChatLog = TChatLogFields & {
  /** The name the person gave the chat (null: none). */
  title?: string | null;
  /** A group chat (its members: GET /api/groups/{uuid}). */
  isGroup?: boolean;
  conversation: TChatMessage[];
  /** Whether older messages exist before the first one returned (fetch them with ?before=<position>). */
  hasEarlier: boolean;
};

/** One item of GET /api/chatlogs/filtered (History drawer, notifications). */
export type TChatLogSummary = TChatLogFields & {
  userId: number;
  /** The name the person gave the chat; History shows it instead of the preview. */
  title: string | null;
  /** The first 60 characters of the first non-empty message, or null when there is none. */
  preview: string | null;
  /** A group chat's members (History shows their avatars). */
  members?: TGroupFace[];
};

export const ZCreateChatLog = z.object({
  userId: ZRowId,
  characterId: ZCharacterId,
  conversation: ZConversation,
  source: ZChatSource.default('text'),
});

export const ZUpdateChatLog = z.union([
  z.object({ conversation: ZConversation }).strict(),
  z.object({ read: z.literal(true) }).strict(),
  z
    .object({
      title: ZText.trim().max(
        CHAT_TITLE_MAX_CHARS,
        `A chat name is at most ${CHAT_TITLE_MAX_CHARS} characters`,
      ),
    })
    .strict(),
]);

/** DELETE /api/chatlogs/{uuid} and rewind: `forget=true` also forgets the memories made from what goes. */
export const ZForgetQuery = z.object({ forget: z.enum(['true', 'false']).default('false') }).strict();

export const ZChatLogsFilter = z.object({ userId: ZRowId, characterId: ZCharacterId });
export const ZTotalChatsQuery = z.object({ userId: ZRowId });
export const ZChatLogPage = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
  before: z.coerce.number().int().min(0).optional(),
});

/**
 * The reply call's body (spec §7). Only userInput, characterId, hist and the switches are used:
 * the server builds the prompt itself from the stored persona and chat, so the browser's
 * systemPrompt and message (context text) are accepted for compatibility but never trusted.
 */
export const ZReplyRequest = z.object({
  userId: ZRowId,
  characterId: ZCharacterId,
  userInput: zFilledText('A message', USER_INPUT_MAX_CHARS),
  hist: ZChatLogUuid.nullish(),
  /** Answer the chat's last stored message again instead of storing userInput a second time. */
  retry: z.boolean().optional(),
  memoryEnabled: z.boolean().default(true),
  chainOfThoughtEnabled: z.boolean().default(false),
  isPlayingAudio: z.boolean().optional(),
  userName: ZText.max(200).nullish(),
  characterName: ZText.max(200).nullish(),
  message: ZText.max(60_000).nullish(),
  systemPrompt: ZText.max(60_000).nullish(),
  voiceId: ZText.max(200).nullish(),
});
export type TReplyRequest = z.input<typeof ZReplyRequest>;

/** The reply call's answer (spec: message, reply, internalThoughts, embedding, audioUrl, audioUrlForCloudflare). */
export type TReplyResponse = {
  /** The person's message that was answered. */
  message: string;
  reply: string;
  internalThoughts: string | null;
  embedding: number[] | null;
  audioUrl: string | null;
  audioUrlForCloudflare: string | null;
  /** The chat log the exchange was stored in (a new one when the call had no hist). */
  hist: string;
  uuid: string;
  /** Free messages left today; null for Plus. */
  remaining: number | null;
  /** Lorebook entries this reply was given. */
  lore?: TReplyLore[];
  /** The ids of the person's memories this reply was given (absent when none). */
  memoryIds?: number[];
  /** True when the reply was cut short (stopped by the person, or cut off by the model). */
  isPartial: boolean;
  /** The person's message read like a crisis: the card with their country's crisis lines (issue 23). */
  crisis?: TCrisisCard;
  /** The model's reply was unsafe and a safe message took its place. */
  isReplaced?: boolean;
  /** A minor has chatted for three hours without a pause: the reminder to show (the character is AI; rest). */
  breakReminder?: string;
  /** The model stopped before the reply was finished: what arrived is stored, marked as cut off (absent when it was not). */
  isCutOff?: boolean;
};

/** Where a reply's exchange is stored in its chat, told by the stream (the JSON answer keeps the spec's fields). */
export type TReplyPositions = {
  /** The person's message (null for regenerate and continue: they store no new message). */
  messagePosition: number | null;
  /** The reply (regenerate and continue: the reply they changed); null when nothing was stored. */
  replyPosition: number | null;
};

/** The last event of a streamed reply: the reply call's answer and where it is stored. */
export type TReplyDone = TReplyResponse & TReplyPositions;

/** The first event of a streamed reply: where the exchange is stored. */
export type TReplyStart = {
  hist: string;
  uuid: string;
  remaining: number | null;
  /** Group chats: the character answering (its name and avatar show as it streams). */
  speakerId?: number;
  /** Shown above the reply before its first words: the person's message read like a crisis. */
  crisis?: TCrisisCard;
  /** A minor has chatted for three hours without a pause: the reminder to show (the character is AI; rest). */
  breakReminder?: string;
} & Pick<TReplyPositions, 'messagePosition'>;

/** Server-Sent Events of a streamed reply. */
export type TReplyStreamEvent =
  | { event: 'start'; data: TReplyStart }
  | { event: 'thoughts'; data: { text: string } }
  | { event: 'delta'; data: { text: string } }
  /** Voice: a sentence's speech while the rest streams (only with isPlayingAudio). */
  | { event: 'audio'; data: TReplyAudio }
  | { event: 'done'; data: TReplyDone }
  | { event: 'error'; data: TReplyError };

/** Error body of the reply call (JSON status or the stream's error event). */
export type TReplyError = {
  code: string;
  message: string;
  hist?: string;
  remaining?: number | null;
  resetAt?: string;
};

/** GET /assistant-usage: the daily allowance. */
export type TDailyUsage = {
  isUnlimited: boolean;
  limit: number | null;
  used: number;
  remaining: number | null;
  resetAt: string;
};

export const ZRecentChatsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RECENT_CHATS_MAX).default(6),
});
export type TRecentChat = {
  uuid: string;
  characterId: number;
  characterName: string;
  avatarUrl: string | null;
  title: string | null;
  preview: string | null;
  updatedAt: string;
  /** A group chat's members (the sidebar shows their avatars). */
  members?: TGroupFace[];
};
