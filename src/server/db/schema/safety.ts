// Companion safety: reports, and the monthly counts (no text).
import { date, index, integer, pgTable, primaryKey, serial, text, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { chatLogs } from './chats.ts';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

// --- issue 23: reports and the safety counts ---

/** 'Report' on a reply or on someone else's character; the owner reads them at /admin/reports. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['message', 'character'] }).notNull(),
    characterId: integer('character_id').references(() => characters.id, { onDelete: 'set null' }),
    chatLogUuid: uuid('chat_log_uuid').references(() => chatLogs.uuid, { onDelete: 'set null' }),
    position: integer('position'),
    /** The reported reply's text when it was reported (it may be deleted or edited later). */
    messageText: text('message_text'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** What the owner did: hid the character, deleted the message, suspended the account, or dismissed. */
    action: text('action'),
    createdAt: createdAt(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

export type TReportRow = typeof reports.$inferSelect;

/** Counts only, per UTC month (crisis referrals, unsafe replies replaced): no text, no people. */
export const safetyCounts = pgTable(
  'safety_counts',
  {
    month: date('month').notNull(),
    kind: text('kind', { enum: ['crisis_referral', 'unsafe_reply'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind] })],
);
