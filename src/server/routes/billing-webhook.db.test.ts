// The Stripe path end to end, webhooks: the plan follows the subscription re-read from Stripe, whatever the
// events say, their signatures, order or repeats; grace periods and cancellation. Checkout:
// billing-stripe.db.test.ts.
import { describe, expect, it } from 'vitest';
import { DAY, now, setUpStripeBilling } from '../../test-support/stripe-billing.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';
import { billingEvents } from '../db/schema.ts';

const { fake, t, event, postWebhook, planOf, customerPerson, subscription } = setUpStripeBilling();

describe('POST /api/billing/webhook', () => {
  it('a valid event activates Plus from the subscription re-read from Stripe', async () => {
    const { user, customer } = await customerPerson();
    subscription(customer, 'sub_valid', {});
    const res = await postWebhook(
      event('customer.subscription.created', { object: 'subscription', id: 'sub_valid', customer }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'applied' });
    expect(await planOf(user)).toMatchObject({ isSubscribed: true, status: 'active' });
    const reread = fake.requests.filter(
      (r) => r.path === '/v1/subscriptions' && r.params.customer === customer,
    );
    expect(reread.length).toBeGreaterThan(0);
  });

  it('back from Checkout, /api/billing/refresh reads the subscription before the webhook arrives', async () => {
    const { user, customer } = await customerPerson();
    subscription(customer, 'sub_refresh', {});
    expect((await planOf(user)).isSubscribed).toBe(false);
    const res = await call(t, 'POST', '/api/billing/refresh', { user });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isSubscribed: true, provider: 'stripe' });
    expect((await planOf(user)).isSubscribed).toBe(true);
    // Only the signed-in person's own customer is read; someone without one gets their (free) plan.
    const other = await createSignedInUser(t.database);
    expect(await (await call(t, 'POST', '/api/billing/refresh', { user: other })).json()).toMatchObject({
      isSubscribed: false,
    });
    expect((await call(t, 'POST', '/api/billing/refresh')).status).toBe(401);
  });

  it("trusts Stripe, not the event's payload", async () => {
    const { user, customer } = await customerPerson();
    subscription(customer, 'sub_incomplete', { status: 'incomplete' });
    const forged = event('customer.subscription.updated', {
      object: 'subscription',
      id: 'sub_incomplete',
      customer,
      status: 'active',
    });
    expect((await postWebhook(forged)).status).toBe(200);
    expect((await planOf(user)).isSubscribed).toBe(false);
  });

  it('a bad signature, an old timestamp or no signature is 400 and changes nothing', async () => {
    const { user, customer } = await customerPerson();
    subscription(customer, 'sub_unsigned', {});
    const countEvents = async () => (await t.database.db.select().from(billingEvents)).length;
    const before = await countEvents();
    const e = event('customer.subscription.created', {
      object: 'subscription',
      id: 'sub_unsigned',
      customer,
    });
    const attempts = [
      await postWebhook(e, { secret: 'whsec_wrong' }),
      await postWebhook(e, { timestamp: now() - 600 }),
      await postWebhook(e, { signature: 't=1,v1=deadbeef' }),
      await t.app.request('/api/billing/webhook', { method: 'POST', body: JSON.stringify(e) }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
    expect(await countEvents()).toBe(before);
    expect((await planOf(user)).isSubscribed).toBe(false);
    // The same event, properly signed, still works afterwards.
    expect((await postWebhook(e)).status).toBe(200);
    expect((await planOf(user)).isSubscribed).toBe(true);
  });

  it('the same events replayed three times in shuffled order end in the same state, each handled once', async () => {
    const { user, customer } = await customerPerson();
    // Stripe's state now: paid, but set to cancel at the end of the period.
    subscription(customer, 'sub_replay', { cancel_at_period_end: true });
    const object = { object: 'subscription', id: 'sub_replay', customer };
    const events = [
      event('checkout.session.completed', { object: 'checkout.session', id: 'cs_x', customer }),
      event('customer.subscription.created', { ...object, status: 'incomplete' }),
      event('invoice.paid', { object: 'invoice', id: 'in_1', customer }),
      event('customer.subscription.updated', { ...object, status: 'active' }),
      event('customer.subscription.updated', { ...object, cancel_at_period_end: true }),
    ];
    const statuses: string[] = [];
    for (let round = 0; round < 3; round++) {
      const shuffled = [...events].sort(() => Math.random() - 0.5);
      for (const e of shuffled) {
        const res = await postWebhook(e);
        expect(res.status).toBe(200);
        statuses.push((await res.json()).status);
      }
      expect(await planOf(user)).toMatchObject({
        isSubscribed: true,
        status: 'active',
        cancelAtPeriodEnd: true,
      });
    }
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(events.length);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(events.length * 2);
  });

  it('cancellation at period end keeps Plus until the period ends, then turns it off with no event', async () => {
    const { user, customer } = await customerPerson();
    subscription(customer, 'sub_cancel', { cancel_at_period_end: true, current_period_end: now() + 2 });
    await postWebhook(
      event('customer.subscription.updated', { object: 'subscription', id: 'sub_cancel', customer }),
    );
    expect(await planOf(user)).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });
    await new Promise((r) => setTimeout(r, 3000));
    expect((await planOf(user)).isSubscribed).toBe(false);
  });

  it('a renewal not yet confirmed keeps Plus for the grace period; deletion ends it at once', async () => {
    const { user, customer } = await customerPerson();
    subscription(customer, 'sub_renew', {
      current_period_start: now() - 31 * DAY,
      current_period_end: now() - 3600,
    });
    await postWebhook(
      event('customer.subscription.updated', { object: 'subscription', id: 'sub_renew', customer }),
    );
    expect((await planOf(user)).isSubscribed).toBe(true);

    subscription(customer, 'sub_renew', { current_period_end: now() + 20 * DAY });
    fake.deleteSubscription('sub_renew');
    const deleted = event('customer.subscription.deleted', {
      object: 'subscription',
      id: 'sub_renew',
      customer,
    });
    expect((await postWebhook(deleted)).status).toBe(200);
    expect(await planOf(user)).toMatchObject({ isSubscribed: false, status: 'canceled' });
  });

  it('a failed payment keeps Plus through the grace period, then turns it off', async () => {
    const { user, customer } = await customerPerson();
    const failed = (id: string) => event('invoice.payment_failed', { object: 'invoice', id, customer });
    // The renewal a day ago failed: still within the 3-day grace.
    subscription(customer, 'sub_failed', { status: 'past_due', current_period_start: now() - DAY });
    await postWebhook(failed('in_failed_1'));
    expect(await planOf(user)).toMatchObject({ isSubscribed: true, status: 'past_due' });
    // Four days after the failed renewal: past the grace period.
    subscription(customer, 'sub_failed', { status: 'past_due', current_period_start: now() - 4 * DAY });
    await postWebhook(failed('in_failed_2'));
    expect(await planOf(user)).toMatchObject({ isSubscribed: false, status: 'past_due' });
    // Stripe gives up retrying: unpaid.
    subscription(customer, 'sub_failed', { status: 'unpaid', current_period_start: now() - DAY });
    await postWebhook(failed('in_failed_3'));
    expect(await planOf(user)).toMatchObject({ isSubscribed: false, status: 'unpaid' });
  });

  it("an event for one person's customer never changes another person's plan", async () => {
    const a = await customerPerson();
    const b = await customerPerson();
    subscription(a.customer, 'sub_a', {});
    await postWebhook(
      event('customer.subscription.created', { object: 'subscription', id: 'sub_a', customer: a.customer }),
    );
    expect((await planOf(a.user)).isSubscribed).toBe(true);
    expect((await planOf(b.user)).isSubscribed).toBe(false);
  });

  it('an event for an unknown customer is recorded and ignored', async () => {
    const res = await postWebhook(
      event('customer.subscription.created', { object: 'subscription', customer: 'cus_nobody' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ignored' });
  });
});
