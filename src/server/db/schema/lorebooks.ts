// Lorebooks (world info): books, their entries, and the books attached to a chat.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { chatLogColumn } from './chats.ts';
import { createdAt, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Lorebooks (world info). A person's own book (user_id), or a built-in character's (user_id null).
 * `character_id` set: that character's own book (one at most); `always_on`: in every chat of its owner.
 * `source` keeps the imported card or world-info object (minus entries) for an exact export.
 */
export const lorebooks = pgTable(
  'lorebooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id').references(() => characters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scanDepth: integer('scan_depth').notNull().default(4),
    tokenBudget: integer('token_budget').notNull().default(512),
    recursiveScanning: boolean('recursive_scanning').notNull().default(false),
    maxRecursionSteps: integer('max_recursion_steps').notNull().default(3),
    alwaysOn: boolean('always_on').notNull().default(false),
    source: jsonb('source').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (t) => [
    index('lorebooks_user_idx').on(t.userId, t.id),
    uniqueIndex('lorebooks_character_idx').on(t.characterId).where(sql`${t.characterId} is not null`),
  ],
);

export type TLorebookRow = typeof lorebooks.$inferSelect;

export const lorebookEntries = pgTable(
  'lorebook_entries',
  {
    id: serial('id').primaryKey(),
    lorebookId: integer('lorebook_id')
      .notNull()
      .references(() => lorebooks.id, { onDelete: 'cascade' }),
    /** The book's own order (the editor's list, the card's entries array). */
    sort: integer('sort').notNull(),
    keys: jsonb('keys').$type<string[]>().notNull().default([]),
    secondaryKeys: jsonb('secondary_keys').$type<string[]>().notNull().default([]),
    selectiveLogic: text('selective_logic', { enum: ['and_any', 'and_all', 'not_any', 'not_all'] })
      .notNull()
      .default('and_any'),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    constant: boolean('constant').notNull().default(false),
    insertionOrder: integer('insertion_order').notNull().default(100),
    position: text('position', { enum: ['before_char', 'after_char', 'at_depth'] })
      .notNull()
      .default('before_char'),
    depth: integer('depth').notNull().default(4),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    matchWholeWords: boolean('match_whole_words').notNull().default(true),
    probability: smallint('probability').notNull().default(100),
    comment: text('comment').notNull().default(''),
    source: jsonb('source').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('lorebook_entries_book_idx').on(t.lorebookId, t.sort)],
);

export type TLorebookEntryRow = typeof lorebookEntries.$inferSelect;

/** Books a person attached to one of their chats. */
export const chatLorebooks = pgTable(
  'chat_lorebooks',
  {
    chatLogUuid: chatLogColumn(),
    lorebookId: integer('lorebook_id')
      .notNull()
      .references(() => lorebooks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.chatLogUuid, t.lorebookId] }),
    index('chat_lorebooks_book_idx').on(t.lorebookId),
  ],
);
