// A Stripe webhook: verify it, handle each event id once, and re-read the customer's subscriptions from
// Stripe (events come late, twice and out of order, so their payload is never trusted for the plan).
import type { TStripeBilling } from '../../billing/billing.ts';
import type { TDb } from '../../db/client.ts';
import {
  isBillingEventHandled,
  recordBillingEvent,
  userIdOfStripeCustomer,
} from '../../db/queries/billing.ts';
import { refreshCustomerFromStripe } from './refresh-from-stripe.ts';

export type TWebhookOutcome = { eventId: string; status: 'applied' | 'duplicate' | 'ignored' };

/** @throws WebhookSignatureError (a 400) before anything is read or stored. */
export async function handleStripeWebhook(
  db: TDb,
  billing: TStripeBilling,
  opts: { rawBody: string; signature: string; graceDays: number },
): Promise<TWebhookOutcome> {
  const event = billing.verifyWebhook(opts.rawBody, opts.signature);
  if (await isBillingEventHandled(db, event.id)) return { eventId: event.id, status: 'duplicate' };
  const userId = event.customerId ? await userIdOfStripeCustomer(db, event.customerId) : null;
  if (userId === null || !event.customerId) {
    await recordBillingEvent(db, event);
    return { eventId: event.id, status: 'ignored' };
  }
  await refreshCustomerFromStripe(db, billing, {
    userId,
    customerId: event.customerId,
    graceDays: opts.graceDays,
  });
  // Recorded after the plan is stored: an event that failed half-way is handled again when Stripe retries.
  await recordBillingEvent(db, event);
  return { eventId: event.id, status: 'applied' };
}
