import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, createTestApp, type TTestUser } from '../../test-support/test-app.ts';
import { checkoutSessions, subscriptions, users } from '../db/schema.ts';
import { CHECKOUT_UNAVAILABLE } from '../services/billing/start-checkout.ts';

// The local test checkout (the embedded default): subscribe → checkout page → Pay or Cancel.
const t = setUpTestApp();

const isPlus = async (user: TTestUser) =>
  (await (await call(t, 'GET', '/auth/session', { user })).json()).user.isSubscribed as boolean;

async function openCheckout(user: TTestUser) {
  const res = await call(t, 'POST', '/api/subscribe', { user, json: { userId: user.id } });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect(url).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
  return url.split('/').at(-1)!;
}

describe('local checkout', () => {
  it('Pay activates Plus (session, daily limit, plan) and lands on /upgrade-success', async () => {
    const user = await createSignedInUser(t.database);
    const id = await openCheckout(user);
    const page = await call(t, 'GET', `/api/billing/checkout/${id}`, { user });
    expect(await page.json()).toMatchObject({ id, status: 'open', price: '$5/month' });
    expect(await isPlus(user)).toBe(false);

    const paid = await call(t, 'POST', `/api/billing/checkout/${id}/pay`, { user });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ url: '/upgrade-success' });
    expect(await isPlus(user)).toBe(true);
    const usage = await (await call(t, 'GET', '/assistant-usage', { user })).json();
    expect(usage).toMatchObject({ isUnlimited: true, limit: null });
    const plan = await (await call(t, 'GET', '/api/billing/plan', { user })).json();
    expect(plan).toMatchObject({
      isSubscribed: true,
      provider: 'local',
      status: 'active',
      cancelAtPeriodEnd: false,
    });

    // Paying twice, or subscribing again while Plus, changes nothing.
    expect((await call(t, 'POST', `/api/billing/checkout/${id}/pay`, { user })).status).toBe(409);
    const again = await call(t, 'POST', '/api/subscribe', { user, json: {} });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', message: 'You already have Plus' });
  });

  it('Cancel lands on /upgrade-cancel and gives no Plus', async () => {
    const user = await createSignedInUser(t.database);
    const id = await openCheckout(user);
    const res = await call(t, 'POST', `/api/billing/checkout/${id}/cancel`, { user });
    expect(await res.json()).toEqual({ url: '/upgrade-cancel' });
    expect((await call(t, 'POST', `/api/billing/checkout/${id}/pay`, { user })).status).toBe(409);
    expect(await isPlus(user)).toBe(false);
  });

  it("another person's checkout is not found; signed out is 401; bad ids are 400", async () => {
    const owner = await createSignedInUser(t.database);
    const other = await createSignedInUser(t.database);
    const id = await openCheckout(owner);
    for (const [method, path] of [
      ['GET', `/api/billing/checkout/${id}`],
      ['POST', `/api/billing/checkout/${id}/pay`],
      ['POST', `/api/billing/checkout/${id}/cancel`],
    ] as const) {
      expect((await call(t, method, path, { user: other })).status).toBe(404);
      expect((await call(t, method, path)).status).toBe(401);
    }
    expect(await isPlus(other)).toBe(false);
    expect(await isPlus(owner)).toBe(false);
    expect((await call(t, 'POST', '/api/billing/checkout/not-a-uuid/pay', { user: owner })).status).toBe(400);
    const foreign = await call(t, 'POST', `/api/billing/checkout/${id}/pay`, {
      user: owner,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await isPlus(owner)).toBe(false);
  });

  it('the local manage page cancels at period end: Plus stays until then', async () => {
    const user = await createSignedInUser(t.database);
    await call(t, 'POST', `/api/billing/checkout/${await openCheckout(user)}/pay`, { user });
    expect(await (await call(t, 'POST', '/api/billing/portal', { user })).json()).toEqual({
      url: '/billing/manage',
    });
    const res = await call(t, 'POST', '/api/billing/local-subscription', { user, json: { cancel: true } });
    expect(await res.json()).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });
    expect(
      (await call(t, 'POST', '/api/billing/local-subscription', { user, json: { cancel: 'yes' } })).status,
    ).toBe(400);
    const free = await createSignedInUser(t.database);
    expect(
      (await call(t, 'POST', '/api/billing/local-subscription', { user: free, json: { cancel: true } }))
        .status,
    ).toBe(404);
  });

  it('refuses a 21st checkout within an hour with 429', async () => {
    const user = await createSignedInUser(t.database);
    for (let i = 0; i < 20; i++) await openCheckout(user);
    const over = await call(t, 'POST', '/api/subscribe', { user, json: {} });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('the webhook is not there without Stripe', async () => {
    const res = await t.app.request('/api/billing/webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });

  it('deleting a person deletes their subscription and checkouts', async () => {
    const user = await createSignedInUser(t.database);
    await call(t, 'POST', `/api/billing/checkout/${await openCheckout(user)}/pay`, { user });
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const left = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(left).toHaveLength(0);
  });
});

describe('local checkout switched off', () => {
  it('POST /api/subscribe answers 503 with a clear message', async () => {
    const off = await createTestApp({ LOCAL_CHECKOUT: 'off' });
    try {
      const user = await createSignedInUser(off.database);
      const res = await call(off, 'POST', '/api/subscribe', { user, json: {} });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'billing_unavailable',
        message: expect.stringContaining('Subscriptions are not available'),
      });
    } finally {
      await off.close();
    }
  });
});

describe('the local checkout on a public address (finding 2)', () => {
  it('is off with an https PUBLIC_URL and nothing else set: subscribe answers 503, no checkout opens', async () => {
    const publicUrl = 'https://kindred.example.com';
    const open = await createTestApp({ PUBLIC_URL: publicUrl });
    try {
      const user = await createSignedInUser(open.database);
      const headers = { origin: publicUrl };
      const res = await call(open, 'POST', '/api/subscribe', { user, json: { userId: user.id }, headers });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ code: 'billing_unavailable', message: CHECKOUT_UNAVAILABLE });
      const checkout = await call(open, 'GET', '/api/billing/checkout/00000000-0000-4000-8000-000000000000', {
        user,
        headers,
      });
      expect(checkout.status).toBe(404);
      expect(await open.database.db.select().from(checkoutSessions)).toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('LOCAL_CHECKOUT=on keeps it on at a public address (a staging install)', async () => {
    const publicUrl = 'https://staging.example.com';
    const on = await createTestApp({ PUBLIC_URL: publicUrl, LOCAL_CHECKOUT: 'on' });
    try {
      const user = await createSignedInUser(on.database);
      const res = await call(on, 'POST', '/api/subscribe', {
        user,
        json: {},
        headers: { origin: publicUrl },
      });
      expect(res.status).toBe(200);
      expect((await res.json()).url).toMatch(/^\/checkout\//);
    } finally {
      await on.close();
    }
  });
});
