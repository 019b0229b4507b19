// Re-reads a customer's subscriptions from Stripe and stores them: the webhook's path, and the success
// page's (so the tier shows at once even when the webhook is still on its way).
import type { TStripeBilling } from '../../billing/billing.ts';
import type { TDb } from '../../db/client.ts';
import { stripeCustomerIdOf } from '../../db/queries/billing.ts';
import { applySubscriptionState } from './apply-subscription-state.ts';

export async function refreshCustomerFromStripe(
  db: TDb,
  billing: TStripeBilling,
  opts: { userId: number; customerId: string; graceDays: number },
): Promise<void> {
  for (const subscription of await billing.subscriptionsOfCustomer(opts.customerId)) {
    await applySubscriptionState(db, {
      userId: opts.userId,
      provider: 'stripe',
      subscription,
      graceDays: opts.graceDays,
    });
  }
}

/** The signed-in person's own customer only; nothing to do before their first checkout. */
export async function refreshPersonFromStripe(
  db: TDb,
  billing: TStripeBilling,
  opts: { userId: number; graceDays: number },
): Promise<void> {
  const customerId = await stripeCustomerIdOf(db, opts.userId);
  if (customerId) await refreshCustomerFromStripe(db, billing, { ...opts, customerId });
}
