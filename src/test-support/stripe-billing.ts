// The Stripe billing tests' set-up and calls: the app on a local fake of the Stripe API (the official
// package talks to it), webhooks signed with the package's own test-header helper, a person who went
// through checkout, and a subscription as Stripe would now report it.
import Stripe from 'stripe';
import { expect } from 'vitest';
import { stripeCustomerIdOf } from '../server/db/queries/billing.ts';
import { startFakeStripe, type TFakeStripe } from './fake-stripe-server.ts';
import { setUpBuilt } from './set-up.ts';
import { call, createSignedInUser, createTestApp, type TTestUser } from './test-app.ts';

const WEBHOOK_SECRET = 'whsec_kindred_test';
export const DAY = 24 * 3600;
export const now = () => Math.floor(Date.now() / 1000);
const signer = new Stripe('sk_test_signer');

/** Hooks that start the fake Stripe and the app on it before the suite's tests, and close them after. */
export function setUpStripeBilling() {
  const fake = setUpBuilt(startFakeStripe);
  const t = setUpBuilt(() =>
    createTestApp({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PRICE_ID: 'price_plus_monthly',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: fake.host,
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
      BILLING_GRACE_DAYS: '3',
    }),
  );

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

  return { fake, t, event, postWebhook, planOf, customerPerson, subscription };
}
