// The local test checkout: a Kindred page that takes no money, for the embedded default and trials.
import type { TDb } from '../db/client.ts';
import { checkoutSessionsSince, insertCheckoutSession } from '../db/queries/billing.ts';
import { AppError } from '../lib/errors.ts';
import type { TLocalBilling } from './billing.ts';

/** How long a local checkout page stays payable. */
export const LOCAL_CHECKOUT_TTL_MS = 30 * 60 * 1000;
export const LOCAL_PERIOD_DAYS = 30;
/** Checkout pages a person may open in an hour. */
export const LOCAL_CHECKOUTS_PER_HOUR = 20;

export const localCustomerId = (userId: number) => `local_cus_${userId}`;
export const localSubscriptionId = (userId: number) => `local_sub_${userId}`;

export function createLocalBilling(db: TDb): TLocalBilling {
  return {
    kind: 'local',
    async startCheckout(person) {
      const since = new Date(Date.now() - 3600_000);
      if ((await checkoutSessionsSince(db, { userId: person.id, since })) >= LOCAL_CHECKOUTS_PER_HOUR) {
        throw new AppError('rate_limited', 'Too many checkouts started; try again in an hour.', {
          'Retry-After': '3600',
        });
      }
      const session = await insertCheckoutSession(db, {
        userId: person.id,
        expiresAt: new Date(Date.now() + LOCAL_CHECKOUT_TTL_MS),
      });
      return `/checkout/${session.id}`;
    },
    async portalUrl() {
      return '/billing/manage';
    },
  };
}
