// SQL for Plus: stored subscriptions, Stripe customers, handled webhook events and local checkout sessions.
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../client.ts';
import {
  billingEvents,
  checkoutSessions,
  subscriptions,
  type TCheckoutSessionRow,
  type TSubscriptionRow,
  users,
} from '../schema.ts';

/**
 * Whether the person in `userId` has Plus now: one of their stored subscriptions gives Plus past this
 * moment. The session user, the user lookup and the daily limit all read the plan through this.
 */
export function isPlusSql(userId: AnyPgColumn | number): SQL<boolean> {
  // A column is named with its table in full: in a one-table select drizzle writes it bare ("id"), which
  // the subquery would read as the subscription's own id.
  const who =
    typeof userId === 'number' ? sql`${userId}` : sql`${userId.table}.${sql.identifier(userId.name)}`;
  return sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${who} and s.plus_until > now())`.mapWith(
    Boolean,
  );
}

export type TSubscriptionState = Omit<TSubscriptionRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Stores what the provider says about one subscription (a replay stores the same thing again). */
export async function upsertSubscription(db: TDb, state: TSubscriptionState): Promise<TSubscriptionRow> {
  const { subscriptionId: _id, userId: _user, provider: _provider, ...changes } = state;
  const [row] = await db
    .insert(subscriptions)
    .values(state)
    .onConflictDoUpdate({
      target: subscriptions.subscriptionId,
      set: { ...changes, updatedAt: new Date() },
      // A subscription id never moves to another person.
      setWhere: eq(subscriptions.userId, state.userId),
    })
    .returning();
  if (!row) throw new Error('The subscription belongs to another person');
  return row;
}

/** The person's subscriptions, the one giving Plus longest first. */
export async function subscriptionsOf(db: TDb, userId: number): Promise<TSubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(sql`${subscriptions.plusUntil} desc nulls last`, desc(subscriptions.updatedAt));
}

export async function userIdOfStripeCustomer(db: TDb, customerId: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
  return row?.id ?? null;
}

export async function stripeCustomerIdOf(db: TDb, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.customerId ?? null;
}

/**
 * Records the person's Stripe customer unless they already have one; returns the one that is stored
 * (so two checkouts started at once end up on the same customer).
 */
export async function claimStripeCustomerId(db: TDb, userId: number, customerId: string): Promise<string> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  return (await stripeCustomerIdOf(db, userId)) ?? customerId;
}

export async function isBillingEventHandled(db: TDb, id: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
  return Boolean(row);
}

export async function recordBillingEvent(db: TDb, event: { id: string; type: string }): Promise<void> {
  await db.insert(billingEvents).values(event).onConflictDoNothing();
}

export async function insertCheckoutSession(
  db: TDb,
  opts: { userId: number; expiresAt: Date },
): Promise<TCheckoutSessionRow> {
  const [row] = await db.insert(checkoutSessions).values(opts).returning();
  return row!;
}

/** The person's own checkout session (another person's is not found). */
export async function findCheckoutSession(
  db: TDb,
  opts: { userId: number; id: string },
): Promise<TCheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, opts.id), eq(checkoutSessions.userId, opts.userId)));
  return row;
}

/** Closes an open, unexpired session once; undefined when it was not open (paid twice, expired, not theirs). */
export async function closeCheckoutSession(
  db: TDb,
  opts: { userId: number; id: string; status: 'paid' | 'canceled' },
): Promise<TCheckoutSessionRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: opts.status })
    .where(
      and(
        eq(checkoutSessions.id, opts.id),
        eq(checkoutSessions.userId, opts.userId),
        eq(checkoutSessions.status, 'open'),
        gt(checkoutSessions.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

export async function checkoutSessionsSince(db: TDb, opts: { userId: number; since: Date }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, opts.userId), gt(checkoutSessions.createdAt, opts.since)));
  return Number(row?.n ?? 0);
}
