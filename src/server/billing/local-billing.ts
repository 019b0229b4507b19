// The local test checkout: a Kindred page that takes no money, for the embedded default and trials.
import type { TDb } from '../db/client.ts';
import { insertCheckoutSession } from '../db/queries/billing.ts';
import type { TLocalBilling } from './billing.ts';

/** How long a local checkout page stays payable. */
export const LOCAL_CHECKOUT_TTL_MS = 30 * 60 * 1000;
export const LOCAL_PERIOD_DAYS = 30;

export const localCustomerId = (userId: number) => `local_cus_${userId}`;
export const localSubscriptionId = (userId: number) => `local_sub_${userId}`;

export function createLocalBilling(db: TDb): TLocalBilling {
  return {
    kind: 'local',
    async startCheckout(person) {
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
