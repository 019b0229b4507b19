import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/local-server.ts';
import { follow, request, signInThroughProvider } from '../../test-support/sign-in-flow.ts';
import { openTestDatabase } from '../../test-support/test-db.ts';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import { findUserByEmail } from '../db/queries/users.ts';
import { createLogger } from '../lib/logger.ts';

// The whole sign-in over real HTTP: Auth.js, the bundled OpenID provider, database sessions.
let database: TDatabase;
let baseUrl: string;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  database = await openTestDatabase();
  // The issuer must be known before the app is built, so take a port first.
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-auth-')),
    PUBLIC_URL: baseUrl,
    AUTH_SECRET: 'auth-test-secret-auth-test-secret-000000',
    LOG_LEVEL: 'silent',
  });
  const app = createApp({ config, database, logger: createLogger('silent') });
  server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  // The first database of a worker is made from the migrations: slow on a shared, busy machine.
}, 180_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
  await database.close();
});

describe('sign-in through the bundled provider', () => {
  it('creates the user with a unique username, and the session shows them', async () => {
    const jar = await signInThroughProvider(baseUrl, { email: 'Ada@Example.com', name: 'Ada Lovelace' });
    const session = await (await request(baseUrl, jar, '/auth/session')).json();
    expect(session.user).toEqual({
      id: expect.any(Number),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      image: null,
      username: 'ada_lovelace',
      isSubscribed: false,
      isOwner: true,
      canChangePassword: true,
      hasSeenAiNotice: false,
      needsBirthDate: false,
      isMinor: false,
    });
    expect(JSON.stringify(session)).not.toContain(jar.get('authjs.session-token'));

    const second = await signInThroughProvider(baseUrl, { email: 'ada.l@example.com', name: 'Ada Lovelace' });
    const other = await (await request(baseUrl, second, '/auth/session')).json();
    expect(other.user.username).toBe('ada_lovelace2');
  });

  it('signing in again finds the same user', async () => {
    const jar = await signInThroughProvider(baseUrl, { email: 'ada@example.com', name: 'Ada Lovelace' });
    const session = await (await request(baseUrl, jar, '/auth/session')).json();
    expect(session.user.id).toBe((await findUserByEmail(database.db, 'ada@example.com'))!.id);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const jar = new Map<string, string>();
    const { csrfToken } = await (await request(baseUrl, jar, '/auth/csrf')).json();
    expect(csrfToken).toMatch(/^[a-f0-9]{64}$/);
    const res = await fetch(`${baseUrl}/auth/csrf`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('authjs.csrf-token'))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('signing out ends the session on the server: the old cookie no longer works', async () => {
    const jar = await signInThroughProvider(baseUrl, { email: 'bob@example.com', name: 'Bob' });
    const oldToken = jar.get('authjs.session-token')!;
    const me = await request(baseUrl, jar, '/api/users/email?email=bob@example.com');
    expect(me.status).toBe(200);

    const { csrfToken } = await (await request(baseUrl, jar, '/auth/csrf')).json();
    const out = await request(baseUrl, jar, '/auth/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: new URLSearchParams({ csrfToken }).toString(),
    });
    expect(out.status).toBe(302);

    const replay = new Map([['authjs.session-token', oldToken]]);
    expect((await (await request(baseUrl, replay, '/auth/session')).json())?.user).toBeUndefined();
    expect((await request(baseUrl, replay, '/api/users/email?email=bob@example.com')).status).toBe(401);
  });

  it('signing out also ends the provider session: a sign-in without prompt=login asks for the password again (finding 6)', async () => {
    const jar = await signInThroughProvider(baseUrl, { email: 'dan@example.com', name: 'Dan' });
    const signOut = async () => {
      const { csrfToken } = await (await request(baseUrl, jar, '/auth/csrf')).json();
      return request(baseUrl, jar, '/auth/signout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
        body: new URLSearchParams({ csrfToken }).toString(),
      });
    };
    const signInAgain = async () => {
      const { csrfToken } = await (await request(baseUrl, jar, '/auth/csrf')).json();
      const start = await request(baseUrl, jar, '/auth/signin/kindred', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
        body: new URLSearchParams({ csrfToken, callbackUrl: baseUrl }).toString(),
      });
      return follow(baseUrl, jar, start);
    };
    expect((await signOut()).status).toBe(302);
    // The same browser (it still holds the provider's cookie) starts a sign-in without prompt=login.
    const page = await signInAgain();
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<label for="password">Password</label>');
    expect((await (await request(baseUrl, jar, '/auth/session')).json())?.user).toBeUndefined();
  });

  it('refuses sign-out and sign-in posts from a foreign origin', async () => {
    const jar = await signInThroughProvider(baseUrl, { email: 'carol@example.com', name: 'Carol' });
    const { csrfToken } = await (await request(baseUrl, jar, '/auth/csrf')).json();
    for (const pathname of ['/auth/signout', '/auth/signin/kindred']) {
      const res = await request(baseUrl, jar, pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: new URLSearchParams({ csrfToken }).toString(),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'forbidden', message: 'Cross-site request refused' });
    }
    expect((await (await request(baseUrl, jar, '/auth/session')).json()).user.email).toBe(
      'carol@example.com',
    );
  });

  it('the bundled provider page rejects a malformed form and keeps what was typed', async () => {
    const jar = new Map<string, string>();
    const { csrfToken } = await (await request(baseUrl, jar, '/auth/csrf')).json();
    let res = await request(baseUrl, jar, '/auth/signin/kindred', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: baseUrl }).toString(),
    });
    while (res.status >= 300 && res.status < 400) {
      res = await request(baseUrl, jar, new URL(res.headers.get('location')!, baseUrl).toString());
    }
    const html = await res.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    const action = html.match(/action="([^"]+)"/)![1]!.replace(/\/login$/, '/signup');
    const signUp = await (await request(baseUrl, jar, action)).text();
    expect(signUp).toContain('<label for="name">Display name</label>');
    const bad = await request(baseUrl, jar, action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'not-an-email', name: '<b>Eve</b>', password: 'x' }).toString(),
    });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('Enter a valid email address');
    expect(page).toContain('&#60;b&#62;Eve&#60;/b&#62;');
    expect(page).not.toContain('<b>Eve</b>');
  });
});
