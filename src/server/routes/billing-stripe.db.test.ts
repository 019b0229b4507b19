import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type TFakeStripe } from '../../test-support/fake-stripe-server.ts';
import {
  call,
  createSignedInUser,
  createTestApp,
  TEST_ORIGIN,
  type TTestApp,
  type TTestUser,
} from '../../test-support/test-app.ts';
import { stripeCustomerIdOf } from '../db/queries/billing.ts';
import { billingEvents } from '../db/schema.ts';

// The Stripe path end to end: the official package talks to a local fake of the Stripe API, and webhooks
// are signed with the package's own test-header helper.
const WEBHOOK_SECRET = 'whsec_kindred_test';
const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);
const signer = new Stripe('sk_test_signer');

let fake: TFakeStripe;
let t: TTestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PRICE_ID: 'price_plus_monthly',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: fake.host,
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: 'http',
    BILLING_GRACE_DAYS: '3',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>) {
  eventCounter += 1;
  return { id: `evt_test_${eventCounter}`, object: 'event', type, created: now(), data: { object } };
}

function postWebhook(
  payload: unknown,
  opts: { secret?: string; timestamp?: number; signature?: string } = {},
) {
  const body = JSON.stringify(payload);
  const signature =
    opts.signature ??
    signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: opts.secret ?? WEBHOOK_SECRET,
      timestamp: opts.timestamp,
    });
  // Stripe sends no Origin and no session cookie.
  return t.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
}

async function planOf(user: TTestUser) {
  const session = await (await call(t, 'GET', '/auth/session', { user })).json();
  const usage = await (await call(t, 'GET', '/assistant-usage', { user })).json();
  const plan = await (await call(t, 'GET', '/api/billing/plan', { user })).json();
  // The session, the daily limit and the plan call read the same plan.
  expect(session.user.isSubscribed).toBe(plan.isSubscribed);
  expect(usage.isUnlimited).toBe(plan.isSubscribed);
  return plan as { isSubscribed: boolean; status: string | null; cancelAtPeriodEnd: boolean };
}

/** A person who went through checkout: they have a Stripe customer. */
async function customerPerson() {
  const user = await createSignedInUser(t.database);
  const res = await call(t, 'POST', '/api/subscribe', { user, json: {} });
  expect(res.status).toBe(200);
  const customer = await stripeCustomerIdOf(t.database.db, user.id);
  expect(customer).toMatch(/^cus_/);
  return { user, customer: customer! };
}

function subscription(
  customer: string,
  id: string,
  patch: Partial<Parameters<TFakeStripe['setSubscription']>[0]>,
) {
  const sub = {
    id,
    customer,
    status: 'active',
    current_period_start: now() - DAY,
    current_period_end: now() + 29 * DAY,
    cancel_at_period_end: false,
    cancel_at: null,
    ...patch,
  };
  fake.setSubscription(sub);
  return sub;
}

describe('POST /api/subscribe on Stripe', () => {
  it('creates a subscription Checkout Session for the signed-in person, reusing their customer', async () => {
    const user = await createSignedInUser(t.database);
    const first = await call(t, 'POST', '/api/subscribe', { user, json: { userId: user.id } });
    expect(first.status).toBe(200);
    const { url } = await first.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const second = await call(t, 'POST', '/api/subscribe', { user, json: {} });
    expect(second.status).toBe(200);

    const customer = await stripeCustomerIdOf(t.database.db, user.id);
    const made = fake.requests.filter((r) => r.path === '/v1/customers' && r.params.email === user.email);
    expect(made).toHaveLength(1);
    const sessions = fake.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.params.customer === customer,
    );
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(user.id),
      'line_items[0][price]': 'price_plus_monthly',
      success_url: `${TEST_ORIGIN}/upgrade-success`,
      cancel_url: `${TEST_ORIGIN}/upgrade-cancel`,
    });
    // Starting a checkout gives no Plus by itself.
    expect((await planOf(user)).isSubscribed).toBe(false);
  });

  it('refuses signed out, another person, and malformed bodies', async () => {
    const me = await createSignedInUser(t.database);
    const other = await createSignedInUser(t.database);
    expect((await call(t, 'POST', '/api/subscribe', { json: {} })).status).toBe(401);
    const forOther = await call(t, 'POST', '/api/subscribe', { user: me, json: { userId: other.id } });
    expect(forOther.status).toBe(403);
    expect(await forOther.json()).toMatchObject({ code: 'forbidden' });
    expect(await stripeCustomerIdOf(t.database.db, other.id)).toBeNull();
    for (const json of ['{nope', { userId: 'abc' }, { userId: -1 }, { userId: me.id, plan: 'free' }, [1]]) {
      const res = await call(t, 'POST', '/api/subscribe', { user: me, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
    const foreign = await call(t, 'POST', '/api/subscribe', {
      user: me,
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it("cannot read another person's plan", async () => {
    const me = await createSignedInUser(t.database);
    const other = await createSignedInUser(t.database);
    expect((await call(t, 'GET', '/api/billing/plan')).status).toBe(401);
    expect((await call(t, 'GET', `/api/billing/plan?userId=${other.id}`, { user: me })).status).toBe(403);
    expect((await call(t, 'GET', `/api/billing/plan?userId=${me.id}`, { user: me })).status).toBe(200);
    expect((await call(t, 'GET', '/api/billing/plan?userId=x', { user: me })).status).toBe(400);
  });

  it("'Manage subscription' opens Stripe's customer portal for the person's customer", async () => {
    const { user, customer } = await customerPerson();
    const res = await call(t, 'POST', '/api/billing/portal', { user });
    expect(res.status).toBe(200);
    expect((await res.json()).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const portal = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(portal?.params).toMatchObject({ customer, return_url: `${TEST_ORIGIN}/profile` });
  });
});

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
