// Memories: the rows, their lexical-search statistics and the history of a fact's updates.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TFactKind } from '../../../shared/memories.ts';
import { characterColumn } from './characters.ts';
import { chatLogs } from './chats.ts';
import { timestamps, timestamptz } from './columns.ts';
import { personColumn } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Memories; the embedding vector column is added by a guarded migration where pgvector exists. */
export const memories = pgTable(
  'memories',
  {
    id: serial('id').primaryKey(),
    userId: personColumn(),
    characterId: characterColumn(),
    chatLogUuid: uuid('chat_log_uuid').references(() => chatLogs.uuid, { onDelete: 'set null' }),
    content: text('content').notNull(),
    reply: text('reply').notNull().default(''),
    characterName: text('character_name').notNull(),
    checkedIn: boolean('checked_in').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** 0..1, from the judge (hand-made memories 0.8): recall ranks important memories higher. */
    importance: real('importance').notNull().default(0.5),
    /** Which encoder made the vector in `embedding` (a change of model re-embeds in the background). */
    embeddingModel: text('embedding_model'),
    /** The judge's short third-person fact (null: hand-added, or kept before facts); shown and prompted when set. */
    fact: text('fact'),
    /** person, pet, place, work, health, event, plan, preference or feeling (shared/memories.ts). */
    kind: text('kind').$type<TFactKind>(),
    /** The day an event or plan happens (YYYY-MM-DD, the person's calendar): its check-in comes after it. */
    happensOn: date('happens_on'),
    /** The person's message the fact came from: its position in `chatLogUuid`. */
    sourcePosition: integer('source_position'),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, coalesce("memories"."fact", '') || ' ' || "memories"."content")`,
    ),
    ...timestamps(),
  },
  (t) => [
    index('memories_user_character_idx').on(t.userId, t.characterId, t.createdAt),
    index('memories_check_in_idx').on(t.createdAt).where(sql`${t.checkedIn} = false`),
    index('memories_user_pinned_idx').on(t.userId, t.characterId).where(sql`${t.pinned} = true`),
  ],
);

export type TMemoryRow = typeof memories.$inferSelect;

// BM25 statistics beside the memories, kept by the triggers of migration 0023 (never written by the app).
/** Each memory's terms: how often each occurs in it, and the memory's length in terms. */
export const memoryTerms = pgTable(
  'memory_terms',
  {
    memoryId: integer('memory_id').notNull(),
    term: text('term').notNull(),
    userId: integer('user_id').notNull(),
    characterId: integer('character_id').notNull(),
    tf: smallint('tf').notNull(),
    dl: smallint('dl').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.term] }),
    index('memory_terms_person_term_idx').on(t.userId, t.term, t.tf.desc(), t.dl, t.memoryId.desc()),
  ],
);

/** How many of the person's memories hold each term. */
export const memoryTermCounts = pgTable(
  'memory_term_counts',
  {
    userId: integer('user_id').notNull(),
    term: text('term').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.term] })],
);

/** How many memories the person has and their summed length in terms. */
/** What a fact said before each update (migration 0027): the text, its kind, day and source, and from when. */
export const memoryFactHistory = pgTable(
  'memory_fact_history',
  {
    id: serial('id').primaryKey(),
    memoryId: integer('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    userId: personColumn(),
    fact: text('fact').notNull(),
    kind: text('kind').$type<TFactKind>(),
    happensOn: date('happens_on'),
    sourceChatUuid: uuid('source_chat_uuid'),
    sourcePosition: integer('source_position'),
    since: timestamptz('since').notNull(),
    replacedAt: timestamptz('replaced_at').notNull().defaultNow(),
  },
  (t) => [
    index('memory_fact_history_memory_idx').on(t.memoryId, t.replacedAt),
    index('memory_fact_history_user_idx').on(t.userId),
  ],
);

export const memoryTermTotals = pgTable('memory_term_totals', {
  userId: integer('user_id').primaryKey(),
  docs: integer('docs').notNull(),
  lengthSum: bigint('length_sum', { mode: 'number' }).notNull(),
});
