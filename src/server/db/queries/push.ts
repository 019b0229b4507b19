// SQL for Web Push: each device's subscription (kept with the person and its session) and the outbox of
// pushes the web-push job claims, sends once and retries with backoff.
import { and, eq, sql } from 'drizzle-orm';
import type { TPushPayload } from '../../../shared/push.ts';
import { rowsOf, type TDb } from '../client.ts';
import { characters, pushDeliveries, pushSubscriptions, userSettings, visibleTabs } from '../schema.ts';

/** Saves this device's subscription for the person; the same endpoint moves to the newest session. */
export async function upsertPushSubscription(
  db: TDb,
  opts: { userId: number; sessionToken: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(opts)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: opts.userId, sessionToken: opts.sessionToken, p256dh: opts.p256dh, auth: opts.auth },
    });
}

/** Removes the person's subscription for this endpoint; true when there was one. */
export async function deletePushSubscription(db: TDb, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function hasPushSubscription(db: TDb, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return rows.length > 0;
}

export async function countPushSubscriptions(db: TDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function characterForPush(db: TDb, characterId: number) {
  const [row] = await db
    .select({ name: characters.name, avatarUrl: characters.avatarUrl })
    .from(characters)
    .where(eq(characters.id, characterId));
  return row;
}

/** One push per device the person has, once per `dedupeKey`; returns how many were queued. */
export async function queuePushForPerson(
  db: TDb,
  opts: { userId: number; dedupeKey: string; payload: TPushPayload },
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${pushDeliveries} (subscription_id, dedupe_key, payload)
    select id, ${opts.dedupeKey}, ${JSON.stringify(opts.payload)}::jsonb
    from ${pushSubscriptions} where user_id = ${opts.userId}
    on conflict (subscription_id, dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length;
}

export type TClaimedPush = {
  id: number;
  subscriptionId: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: TPushPayload;
};

/**
 * Claims due pushes: marks them 'sending' in one statement (SKIP LOCKED), so no other sweep can take the
 * same one. A claim that never finishes (a crash mid-send) stays 'sending': never sent twice.
 */
export async function claimDuePushes(db: TDb, limit: number): Promise<TClaimedPush[]> {
  const result = await db.execute(sql`
    with due as (
      select id from ${pushDeliveries}
      where status = 'pending' and next_attempt_at <= now()
      order by id
      limit ${limit}
      for update skip locked
    )
    update ${pushDeliveries} d set status = 'sending', attempts = d.attempts + 1
    from due, ${pushSubscriptions} s
    where d.id = due.id and s.id = d.subscription_id
    returning d.id, d.subscription_id as "subscriptionId", d.attempts, s.endpoint, s.p256dh, s.auth, d.payload`);
  return rowsOf<TClaimedPush>(result).map((r) => ({
    ...r,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as TPushPayload) : r.payload,
  }));
}

export async function markPushSent(db: TDb, id: number): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
    .where(eq(pushDeliveries.id, id));
}

/** A failed try: again after `retryInSeconds`, or given up ('failed') when that is null. */
export async function markPushFailed(
  db: TDb,
  opts: { id: number; error: string; retryInSeconds: number | null },
): Promise<void> {
  await db
    .update(pushDeliveries)
    .set(
      opts.retryInSeconds === null
        ? { status: 'failed', lastError: opts.error }
        : {
            status: 'pending',
            lastError: opts.error,
            nextAttemptAt: sql`now() + ${opts.retryInSeconds}::int * interval '1 second'`,
          },
    )
    .where(eq(pushDeliveries.id, opts.id));
}

/** The push service answered 404/410: the subscription is gone (its pending pushes go with it). */
export async function deleteSubscriptionById(db: TDb, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function deliveryStates(db: TDb, subscriptionId: number) {
  return db
    .select({
      status: pushDeliveries.status,
      attempts: pushDeliveries.attempts,
      lastError: pushDeliveries.lastError,
    })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.subscriptionId, subscriptionId));
}

/** Whether the person wants a push when a reply finishes while no Kindred tab of theirs is visible. */
export async function isReplyPushOn(db: TDb, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ replyPush: userSettings.replyPush })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.replyPush ?? false;
}

export async function saveReplyPush(db: TDb, userId: number, isOn: boolean): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, replyPush: isOn })
    .onConflictDoUpdate({ target: userSettings.userId, set: { replyPush: isOn, updatedAt: sql`now()` } });
}

/**
 * Records a tab's report: visible for `forSeconds` more, or hidden from now (0). A report older than the
 * one already applied (`seq`) changes nothing. Reports older than ten minutes are forgotten.
 */
export async function recordTabReport(
  db: TDb,
  opts: { userId: number; tabId: string; seq: number; forSeconds: number },
): Promise<void> {
  await db
    .delete(visibleTabs)
    .where(
      and(
        eq(visibleTabs.userId, opts.userId),
        sql`${visibleTabs.visibleUntil} <= now() - interval '10 minutes'`,
      ),
    );
  const until = sql`now() + ${opts.forSeconds}::int * interval '1 second'`;
  await db
    .insert(visibleTabs)
    .values({ userId: opts.userId, tabId: opts.tabId, seq: opts.seq, visibleUntil: until })
    .onConflictDoUpdate({
      target: [visibleTabs.userId, visibleTabs.tabId],
      set: { visibleUntil: until, seq: opts.seq },
      setWhere: sql`${visibleTabs.seq} < ${opts.seq}`,
    });
}

/** How many of the person's tabs count as visible now and are remembered, and whether `tabId` is. */
export async function visibleTabsOf(db: TDb, userId: number, tabId?: string) {
  const rows = await db
    .select({ tabId: visibleTabs.tabId, isVisible: sql<boolean>`${visibleTabs.visibleUntil} > now()` })
    .from(visibleTabs)
    .where(
      and(eq(visibleTabs.userId, userId), sql`${visibleTabs.visibleUntil} > now() - interval '10 minutes'`),
    );
  return {
    visible: rows.filter((r) => r.isVisible).length,
    remembered: rows.length,
    isKnown: rows.some((r) => r.tabId === tabId),
  };
}
