// The local test checkout's page calls: read the session, Pay (activates Plus), Cancel, and cancelling Plus.
import type { TCheckoutInfo } from '../../../shared/billing.ts';
import { PLUS_BENEFITS, PLUS_PRICE } from '../../../shared/billing.ts';
import { LOCAL_PERIOD_DAYS, localCustomerId, localSubscriptionId } from '../../billing/local-billing.ts';
import type { TDb } from '../../db/client.ts';
import { closeCheckoutSession, findCheckoutSession, subscriptionsOf } from '../../db/queries/billing.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { applySubscriptionState } from './apply-subscription-state.ts';

const DAY_MS = 24 * 3600 * 1000;

export async function readLocalCheckout(
  db: TDb,
  opts: { userId: number; id: string },
): Promise<TCheckoutInfo> {
  const row = await findCheckoutSession(db, opts);
  if (!row) throw notFound('Checkout');
  const isExpired = row.status === 'open' && row.expiresAt <= new Date();
  return {
    id: row.id,
    status: isExpired ? 'expired' : row.status,
    price: PLUS_PRICE,
    benefits: PLUS_BENEFITS,
  };
}

/** Pay: closes the session once, then stores an active 30-day subscription through the webhook's path. */
export async function payLocalCheckout(
  db: TDb,
  opts: { userId: number; id: string; graceDays: number },
): Promise<{ url: string }> {
  const closed = await closeCheckoutSession(db, { userId: opts.userId, id: opts.id, status: 'paid' });
  if (!closed) throw await notOpen(db, opts);
  const now = new Date();
  await applySubscriptionState(db, {
    userId: opts.userId,
    provider: 'local',
    graceDays: opts.graceDays,
    subscription: {
      subscriptionId: localSubscriptionId(opts.userId),
      customerId: localCustomerId(opts.userId),
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + LOCAL_PERIOD_DAYS * DAY_MS),
      cancelAtPeriodEnd: false,
      cancelAt: null,
    },
  });
  return { url: '/upgrade-success' };
}

export async function cancelLocalCheckout(
  db: TDb,
  opts: { userId: number; id: string },
): Promise<{ url: string }> {
  const closed = await closeCheckoutSession(db, { ...opts, status: 'canceled' });
  if (!closed) throw await notOpen(db, opts);
  return { url: '/upgrade-cancel' };
}

/** 'Cancel subscription' on the local manage page: Plus stays until the paid period ends, like Stripe. */
export async function setLocalCancelAtPeriodEnd(
  db: TDb,
  opts: { userId: number; cancel: boolean; graceDays: number },
): Promise<void> {
  const current = (await subscriptionsOf(db, opts.userId)).find(
    (s) => s.provider === 'local' && s.subscriptionId === localSubscriptionId(opts.userId),
  );
  if (current?.status !== 'active') throw notFound('Active local subscription');
  await applySubscriptionState(db, {
    userId: opts.userId,
    provider: 'local',
    graceDays: opts.graceDays,
    subscription: {
      subscriptionId: current.subscriptionId,
      customerId: current.customerId,
      status: current.status,
      currentPeriodStart: current.currentPeriodStart,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd: opts.cancel,
      cancelAt: null,
    },
  });
}

async function notOpen(db: TDb, opts: { userId: number; id: string }) {
  const row = await findCheckoutSession(db, opts);
  if (!row) return notFound('Checkout');
  return new AppError(
    'conflict',
    `This checkout is already ${row.status === 'open' ? 'expired' : row.status}`,
  );
}
