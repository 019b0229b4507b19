// When a subscription stops giving Plus: the one rule the plan is derived from (status, period, grace).
import type { TProviderSubscription } from './billing.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The moment Plus ends for this subscription, or null when it gives no Plus now.
 * - active/trialing: the end of the paid period; when it renews, a grace period covers a late webhook,
 *   but a cancellation at period end (or a set cancel date) ends Plus exactly then.
 * - past_due (a renewal payment failed): the grace period counted from the start of the unpaid period.
 * - anything else (canceled, unpaid, incomplete, paused): no Plus.
 */
export function plusUntilOf(sub: TProviderSubscription, graceDays: number): Date | null {
  const grace = graceDays * DAY_MS;
  const cap = (d: Date) => (sub.cancelAt && sub.cancelAt < d ? sub.cancelAt : d);
  if (sub.status === 'active' || sub.status === 'trialing') {
    if (!sub.currentPeriodEnd) return null;
    const end = sub.currentPeriodEnd.getTime();
    return cap(new Date(sub.cancelAtPeriodEnd ? end : end + grace));
  }
  if (sub.status === 'past_due') {
    const from = sub.currentPeriodStart ?? sub.currentPeriodEnd;
    return from ? cap(new Date(from.getTime() + grace)) : null;
  }
  return null;
}
