// Plus: Stripe events seen, subscriptions, the local test checkout, and support messages.
import { boolean, index, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps, timestamptz } from './columns.ts';
import { personColumn } from './users.ts';

/** Payment-provider events already handled, so a replayed webhook changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

// Billing (Plus): the stored subscription is the plan's only source; plus_until is derived from it.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: personColumn(),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull().unique(),
    status: text('status').notNull(),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Until when this subscription gives Plus (status, period end and grace, worked out when it is stored). */
    plusUntil: timestamptz('plus_until'),
    ...timestamps(),
  },
  (t) => [
    index('subscriptions_user_plus_idx').on(t.userId, t.plusUntil),
    index('subscriptions_customer_idx').on(t.customerId),
  ],
);

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

/** The local (test) checkout's sessions: opened by POST /api/subscribe, closed by Pay or Cancel. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: personColumn(),
    status: text('status', { enum: ['open', 'paid', 'canceled'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

export type TCheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** 'Contact support' messages; Plus people's are priority and read first. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    userId: personColumn(),
    message: text('message').notNull(),
    isPriority: boolean('is_priority').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_inbox_idx').on(t.isPriority, t.createdAt),
    index('support_messages_user_idx').on(t.userId, t.createdAt),
  ],
);

export type TSupportMessageRow = typeof supportMessages.$inferSelect;
