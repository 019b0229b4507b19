// Web push: subscriptions, which tabs are visible, and deliveries.
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TPushPayload } from '../../../shared/push.ts';
import { createdAt, timestamptz } from './columns.ts';
import { personColumn, sessions } from './users.ts';

/** Web Push: one row per device that turned notifications on (removed with its session or account). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: personColumn(),
    /** The session that subscribed: signing out on that device ends it. */
    sessionToken: text('session_token')
      .notNull()
      .references(() => sessions.sessionToken, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionToken),
  ],
);

export type TPushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Kindred tabs that said they are visible, until when (a reply finishing then needs no push). */
export const visibleTabs = pgTable(
  'visible_tabs',
  {
    userId: personColumn(),
    /** Made up by the tab itself (a random UUID per page load). */
    tabId: uuid('tab_id').notNull(),
    /** Until when it counts as visible (a hidden tab: the moment it said so). */
    visibleUntil: timestamptz('visible_until').notNull(),
    /** The tab's latest report applied: an older one arriving late is ignored. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tabId] })],
);

/** The web-push job's outbox: each push to each device, sent once, retried with backoff. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What the push is about (a check-in's chat log): one push per device and thing. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<TPushPayload>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    unique('push_deliveries_subscription_dedupe_unique').on(t.subscriptionId, t.dedupeKey),
    index('push_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
