// POST /api/subscribe: start a checkout for the signed-in person, wherever the provider takes payments.
import type { TBilling, TBillingPerson } from '../../billing/billing.ts';
import { AppError } from '../../lib/errors.ts';

export const CHECKOUT_UNAVAILABLE =
  'Subscriptions are not available on this Kindred: Stripe is not configured, and the local test checkout (which takes no money) is on only when PUBLIC_URL is a loopback address or LOCAL_CHECKOUT=on.';

export async function startCheckout(
  billing: TBilling | null,
  person: TBillingPerson & { isSubscribed: boolean },
): Promise<{ url: string }> {
  if (!billing) throw new AppError('billing_unavailable', CHECKOUT_UNAVAILABLE);
  if (person.isSubscribed) throw new AppError('conflict', 'You already have Plus');
  return { url: await billing.startCheckout(person) };
}
