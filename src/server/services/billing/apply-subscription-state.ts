// The one path that changes a person's plan: a Stripe webhook and the local checkout's Pay both end here.
import type { TProviderSubscription } from '../../billing/billing.ts';
import { plusUntilOf } from '../../billing/plus-until.ts';
import type { TDb } from '../../db/client.ts';
import { upsertSubscription } from '../../db/queries/billing.ts';
import type { TSubscriptionRow } from '../../db/schema.ts';

export type TApplySubscriptionState = {
  userId: number;
  provider: 'stripe' | 'local';
  subscription: TProviderSubscription;
  graceDays: number;
};

/** Stores the provider's current view of a subscription; the plan (plus_until) follows from it. */
export async function applySubscriptionState(
  db: TDb,
  opts: TApplySubscriptionState,
): Promise<TSubscriptionRow> {
  const sub = opts.subscription;
  return upsertSubscription(db, {
    userId: opts.userId,
    provider: opts.provider,
    customerId: sub.customerId,
    subscriptionId: sub.subscriptionId,
    status: sub.status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd || Boolean(sub.cancelAt),
    plusUntil: plusUntilOf(sub, opts.graceDays),
  });
}
