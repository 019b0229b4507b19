// Chats: chat logs, one row per message, group members, and the day's message count.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TReplyLore } from '../../../shared/lorebooks.ts';
import { characterColumn, characters } from './characters.ts';
import { createdAt, timestamps } from './columns.ts';
import { personColumn } from './users.ts';

export const chatLogs = pgTable(
  'chat_logs',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userId: personColumn(),
    characterId: characterColumn(),
    source: text('source', { enum: ['text', 'memory-check-in'] })
      .notNull()
      .default('text'),
    read: boolean('read').notNull().default(false),
    messageCount: integer('message_count').notNull().default(0),
    /** The name the person gave the chat in History (null: the first words stand for it). */
    title: text('title'),
    /** A group chat: its characters are in chat_members (character_id is the first of them). */
    isGroup: boolean('is_group').notNull().default(false),
    /** Group chats: who answers the person (natural, list, pooled or manual). */
    replyOrder: text('reply_order', { enum: ['natural', 'list', 'pooled', 'manual'] })
      .notNull()
      .default('natural'),
    ...timestamps(),
  },
  (t) => [
    check('chat_logs_reply_order_check', sql`${t.replyOrder} in ('natural', 'list', 'pooled', 'manual')`),
    index('chat_logs_user_character_idx').on(t.userId, t.characterId, t.source, t.updatedAt),
    index('chat_logs_check_in_idx').on(t.userId, t.createdAt).where(sql`${t.source} = 'memory-check-in'`),
  ],
);

export type TChatLogRow = typeof chatLogs.$inferSelect;

/** A row of one chat log: `chat_log_uuid`, removed with the chat. */
export const chatLogColumn = () =>
  uuid('chat_log_uuid')
    .notNull()
    .references(() => chatLogs.uuid, { onDelete: 'cascade' });

export const chatMessages = pgTable(
  'chat_messages',
  {
    chatLogUuid: chatLogColumn(),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    internalThoughts: text('internal_thoughts'),
    audioUrl: text('audio_url'),
    createdAt: createdAt(),
    // Conversation controls: every version of a reply (empty until a second one exists; `content` is
    // always the chosen one's text), the chosen index, the person's rating (1 up, -1 down) and whether
    // the message is the character's greeting.
    alternatives: jsonb('alternatives').$type<TAlternative[]>().notNull().default([]),
    chosen: integer('chosen').notNull().default(0),
    rating: smallint('rating'),
    isGreeting: boolean('is_greeting').notNull().default(false),
    /** Lorebook entries this reply was given (shown from the reply), or null. */
    lore: jsonb('lore').$type<TReplyLore[]>(),
    /** The person's memories recalled into this reply's prompt (shown from the reply), or null. */
    memoryIds: integer('memory_ids').array(),
    /** The model stopped before the reply was finished: what arrived is kept, marked as cut off. */
    isCutOff: boolean('is_cut_off').notNull().default(false),
    /** Group chats: the character who wrote this reply (null: the chat log's character). */
    speakerId: integer('speaker_id').references(() => characters.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.chatLogUuid, t.position] }),
    check('chat_messages_rating_check', sql`${t.rating} is null or ${t.rating} in (-1, 1)`),
    index('chat_messages_audio_url_idx').on(t.audioUrl).where(sql`${t.audioUrl} is not null`),
  ],
);

/** The characters of a group chat, in list order, each with its talkativeness (0-100) and a mute. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatLogUuid: chatLogColumn(),
    characterId: characterColumn(),
    sort: integer('sort').notNull(),
    talkativeness: smallint('talkativeness').notNull().default(50),
    isMuted: boolean('is_muted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.chatLogUuid, t.characterId] }),
    check('chat_members_talkativeness_check', sql`${t.talkativeness} between 0 and 100`),
    index('chat_members_character_idx').on(t.characterId),
  ],
);

export type TChatMemberRow = typeof chatMembers.$inferSelect;

/** One version of a reply (regenerate adds one; swipe chooses one). */
export type TAlternative = {
  content: string;
  internalThoughts: string | null;
  /** The model stopped before this version was finished (absent: it was not). */
  isCutOff?: boolean;
};

export type TChatMessageRow = typeof chatMessages.$inferSelect;

export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: personColumn(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
