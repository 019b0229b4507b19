import { describe, expect, it } from 'vitest';
import type { TProviderSubscription } from './billing.ts';
import { plusUntilOf } from './plus-until.ts';

const DAY = 24 * 3600 * 1000;
const start = new Date('2026-11-01T00:00:00Z');
const end = new Date('2026-12-01T00:00:00Z');
const sub = (patch: Partial<TProviderSubscription>): TProviderSubscription => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  currentPeriodStart: start,
  currentPeriodEnd: end,
  cancelAtPeriodEnd: false,
  cancelAt: null,
  ...patch,
});

describe('plusUntilOf', () => {
  it('active: the period end plus grace for a renewal; exactly the period end when cancelling', () => {
    expect(plusUntilOf(sub({}), 3)).toEqual(new Date(end.getTime() + 3 * DAY));
    expect(plusUntilOf(sub({ status: 'trialing' }), 0)).toEqual(end);
    expect(plusUntilOf(sub({ cancelAtPeriodEnd: true }), 3)).toEqual(end);
    const cancelAt = new Date('2026-11-15T00:00:00Z');
    expect(plusUntilOf(sub({ cancelAt }), 3)).toEqual(cancelAt);
  });

  it('past_due: grace counted from the failed renewal', () => {
    expect(plusUntilOf(sub({ status: 'past_due' }), 3)).toEqual(new Date(start.getTime() + 3 * DAY));
  });

  it('no Plus for canceled, unpaid, incomplete, paused, or no period', () => {
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(plusUntilOf(sub({ status }), 3)).toBeNull();
    }
    expect(plusUntilOf(sub({ currentPeriodEnd: null }), 3)).toBeNull();
  });
});
