// The Stripe path end to end, checkout: starting a subscription, the plan, the customer portal. Webhooks:
// billing-webhook.db.test.ts.
import { describe, expect, it } from 'vitest';
import { setUpStripeBilling } from '../../test-support/stripe-billing.ts';
import { call, createSignedInUser, TEST_ORIGIN } from '../../test-support/test-app.ts';
import { stripeCustomerIdOf } from '../db/queries/billing.ts';

const { fake, t, planOf, customerPerson } = setUpStripeBilling();

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
