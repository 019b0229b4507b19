import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpApp, type THttpApp } from '../../../test-support/http-app.ts';
import {
  DEFAULT_TEST_PASSWORD,
  request,
  signInThroughProvider,
  startSignIn,
  type TCookieJar,
} from '../../../test-support/sign-in-flow.ts';
import { signInFailures } from '../../db/schema.ts';
import { idpAccountId } from './routes.ts';

// Finding 8: wrong passwords are counted per account and address (or known device) with exponential
// back-off, never per account alone, and a deleted account leaves no count behind.
let t: THttpApp;

beforeAll(async () => {
  t = await startHttpApp({
    TRUST_PROXY: 'true',
    SIGN_IN_LIMIT_PER_ACCOUNT: '3',
    SIGN_IN_LIMIT_PER_ADDRESS: '1000',
  });
  // The installation's owner, so the people below are ordinary accounts.
  await signInThroughProvider(t.baseUrl, { email: 'owner@example.com', name: 'Owner' });
}, 180_000);
afterAll(() => t.close());

/** One password post on the provider's page, from `address` (X-Forwarded-For; none: the socket's). */
async function attempt(email: string, password: string, opts: { address?: string; jar?: TCookieJar } = {}) {
  const jar = opts.jar ?? new Map();
  const headers: Record<string, string> = opts.address ? { 'x-forwarded-for': opts.address } : {};
  const { action } = await startSignIn(t.baseUrl, jar);
  return request(t.baseUrl, jar, action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

const failureRow = async (email: string, source: string) => {
  const [row] = await t.database.db
    .select()
    .from(signInFailures)
    .where(and(eq(signInFailures.accountId, idpAccountId(email)), eq(signInFailures.source, source)));
  return row;
};
const waitSeconds = (row: { lastFailedAt: Date; blockedUntil: Date }) =>
  Math.round((row.blockedUntil.getTime() - row.lastFailedAt.getTime()) / 1000);

describe('failed-password back-off', () => {
  it('holds up the guessing address only: the owner from elsewhere or from a known device still signs in', async () => {
    // Fay has signed in on this device before (from the socket's own address).
    const device = await signInThroughProvider(t.baseUrl, { email: 'fay@example.com', name: 'Fay' });
    expect(device.get('kindred_device')).toMatch(/^[a-f0-9]{32}\.[a-f0-9]{32}$/);

    for (let i = 0; i < 3; i++) {
      expect((await attempt('fay@example.com', `guess ${i}`, { address: '203.0.113.9' })).status).toBe(401);
    }
    const held = await attempt('fay@example.com', DEFAULT_TEST_PASSWORD, { address: '203.0.113.9' });
    expect(held.status).toBe(429);
    const retryAfter = Number(held.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(await held.text()).toContain('Too many sign-in attempts');

    // The same account from another address is not locked.
    expect(
      (await attempt('fay@example.com', DEFAULT_TEST_PASSWORD, { address: '198.51.100.7' })).status,
    ).toBe(303);

    // Guesses from Fay's own address (a shared network) hold up new browsers there, not her known device.
    for (let i = 0; i < 3; i++) expect((await attempt('fay@example.com', `again ${i}`)).status).toBe(401);
    expect((await attempt('fay@example.com', DEFAULT_TEST_PASSWORD)).status).toBe(429);
    expect((await attempt('fay@example.com', DEFAULT_TEST_PASSWORD, { jar: device })).status).toBe(303);
  }, 120_000);

  it('doubles the wait with every further failure, up to 15 minutes', async () => {
    await signInThroughProvider(t.baseUrl, { email: 'gus@example.com', name: 'Gus' });
    const source = 'address:192.0.2.44';
    for (let i = 0; i < 3; i++) await attempt('gus@example.com', `nope ${i}`, { address: '192.0.2.44' });
    expect(waitSeconds((await failureRow('gus@example.com', source))!)).toBe(30);

    // As if the wait were over: the next wrong password waits twice as long.
    const waited = async () =>
      t.database.db
        .update(signInFailures)
        .set({ blockedUntil: sql`now() - interval '1 second'` })
        .where(eq(signInFailures.source, source));
    await waited();
    expect((await attempt('gus@example.com', 'still wrong', { address: '192.0.2.44' })).status).toBe(401);
    expect(waitSeconds((await failureRow('gus@example.com', source))!)).toBe(60);
    const next = await attempt('gus@example.com', DEFAULT_TEST_PASSWORD, { address: '192.0.2.44' });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(30);

    await waited();
    await t.database.db.update(signInFailures).set({ failures: 30 }).where(eq(signInFailures.source, source));
    await attempt('gus@example.com', 'wrong yet again', { address: '192.0.2.44' });
    expect(waitSeconds((await failureRow('gus@example.com', source))!)).toBe(15 * 60);
  }, 120_000);

  it('a deleted account leaves no count: the same email signs up again and signs in from that address', async () => {
    const jar = await signInThroughProvider(t.baseUrl, { email: 'hal@example.com', name: 'Hal' });
    for (let i = 0; i < 3; i++) await attempt('hal@example.com', `guess ${i}`, { address: '203.0.113.50' });
    const session = await (await request(t.baseUrl, jar, '/auth/session')).json();
    const deleted = await request(t.baseUrl, jar, '/api/account', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: JSON.stringify({ confirm: session.user.username }),
    });
    expect(deleted.status).toBe(200);
    expect(await failureRow('hal@example.com', 'address:203.0.113.50')).toBeUndefined();

    // Hal comes back from the address the guesses came from.
    const again: TCookieJar = new Map();
    const { action } = await startSignIn(t.baseUrl, again);
    const xff = { 'x-forwarded-for': '203.0.113.50' };
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...xff },
      body: new URLSearchParams(fields).toString(),
    });
    const fields = {
      email: 'hal@example.com',
      name: 'Hal',
      password: 'hal is back again',
      birthDate: '1990-01-01',
    };
    expect(
      (await request(t.baseUrl, again, action.replace(/\/login$/, '/signup'), form(fields))).status,
    ).toBe(200);
    expect((await request(t.baseUrl, again, action, form(fields))).status).toBe(303);
  }, 120_000);
});
