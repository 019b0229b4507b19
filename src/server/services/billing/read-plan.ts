// The signed-in person's plan, as the server derives it from their stored subscription.
import type { TPlanInfo } from '../../../shared/billing.ts';
import type { TDb } from '../../db/client.ts';
import { subscriptionsOf } from '../../db/queries/billing.ts';

export async function readPlan(db: TDb, userId: number, now = new Date()): Promise<TPlanInfo> {
  const [latest] = await subscriptionsOf(db, userId);
  if (!latest) {
    return {
      isSubscribed: false,
      provider: null,
      status: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      plusUntil: null,
    };
  }
  const isSubscribed = latest.plusUntil !== null && latest.plusUntil > now;
  return {
    isSubscribed,
    provider: latest.provider,
    status: latest.status,
    currentPeriodEnd: latest.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: latest.cancelAtPeriodEnd,
    plusUntil: isSubscribed ? latest.plusUntil!.toISOString() : null,
  };
}
