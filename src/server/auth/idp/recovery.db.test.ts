import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInMail } from '../../../test-support/fake-smtp-server.ts';
import { startHttpApp, type THttpApp } from '../../../test-support/http-app.ts';
import { setUpHttpApp } from '../../../test-support/set-up.ts';
import {
  DEFAULT_TEST_PASSWORD,
  follow,
  form,
  postSignUp,
  request,
  signInThroughProvider,
  startSignIn,
  type TCookieJar,
} from '../../../test-support/sign-in-flow.ts';
import { findIdpAccountByEmail, insertIdpAccount } from '../../db/queries/idp.ts';
import { makeAccountLink } from './account-links.ts';
import {
  EMAIL_CONFIRMED,
  LINK_UNUSABLE,
  PASSWORD_CHANGED,
  RESET_REQUESTED,
  VERIFY_FIRST,
} from './recovery-pages.ts';
import { LINKS_PER_ACCOUNT_PER_HOUR } from './recovery-routes.ts';
import { idpAccountId } from './routes.ts';

// 'Forgot password?' and email verification on the bundled provider, through the real HTTP flow with a
// real SMTP server receiving the mail.
const { app: t, smtp } = setUpHttpApp({}, { smtp: true });

const forgot = (email: string, app = t) =>
  request(app.baseUrl, new Map(), '/idp/password/forgot', form({ email }));

/** The reset form posted with this link token and new password. */
const resetPassword = (token: string, password: string) =>
  request(t.baseUrl, new Map(), '/idp/password/reset', form({ token, password }));

const resetMails = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('/idp/password/reset'));

async function signInWith(email: string, password: string) {
  const jar: TCookieJar = new Map();
  const { action } = await startSignIn(t.baseUrl, jar);
  const res = await request(t.baseUrl, jar, action, form({ email, password }));
  await follow(t.baseUrl, jar, res);
  const session = await (await request(t.baseUrl, jar, '/auth/session')).json();
  return { status: res.status, email: session?.user?.email as string | undefined, jar };
}

describe('forgot password', () => {
  it('the sign-in page links to it', async () => {
    const { html } = await startSignIn(t.baseUrl, new Map());
    expect(html).toContain('href="/idp/password/forgot"');
    expect(html).toContain('Forgot password?');
  });

  it('answers a known and an unknown email alike, and mails a link only to the account', async () => {
    await signInThroughProvider(t.baseUrl, { email: 'hana@example.com', name: 'Hana', smtp });
    const known = await forgot('Hana@Example.com');
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownHtml = await known.text();
    expect(knownHtml).toContain(RESET_REQUESTED);
    expect(knownHtml).toBe(await unknown.text());
    await smtp.waitFor((m) => resetMails('hana@example.com').includes(m));
    expect(smtp.received.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('the link sets a new password once: the old one stops working, every session ends, a second use is refused', async () => {
    const before = await signInThroughProvider(t.baseUrl, { email: 'ivo@example.com', name: 'Ivo', smtp });
    expect((await (await request(t.baseUrl, before, '/auth/session')).json())?.user?.email).toBe(
      'ivo@example.com',
    );
    await forgot('ivo@example.com');
    const mail = await smtp.waitFor((m) => resetMails('ivo@example.com').includes(m));
    const link = linkInMail(mail, '/idp/password/reset');
    expect(link.startsWith(`${t.baseUrl}/idp/password/reset?token=`)).toBe(true);

    const page = await request(t.baseUrl, new Map(), link);
    expect(page.status).toBe(200);
    const html = await page.text();
    const token = html.match(/name="token" value="([^"]+)"/)![1]!;

    // A weak password is refused and the link still works.
    const weak = await resetPassword(token, 'short');
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('at least 10 characters');

    const done = await resetPassword(token, 'a brand new passphrase');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(PASSWORD_CHANGED);

    // The session from before the reset is over.
    expect(await (await request(t.baseUrl, before, '/auth/session')).json()).toBeNull();
    expect((await signInWith('ivo@example.com', DEFAULT_TEST_PASSWORD)).status).toBe(401);
    expect((await signInWith('ivo@example.com', 'a brand new passphrase')).email).toBe('ivo@example.com');

    const again = await resetPassword(token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(LINK_UNUSABLE);
    expect((await request(t.baseUrl, new Map(), link)).status).toBe(400);
    expect((await signInWith('ivo@example.com', 'yet another passphrase')).status).toBe(401);
  });

  it('a link expires after 30 minutes', async () => {
    await signInThroughProvider(t.baseUrl, { email: 'jo@example.com', name: 'Jo', smtp });
    const account = await findIdpAccountByEmail(t.database.db, 'jo@example.com');
    const old = await makeAccountLink(t.database.db, {
      accountId: account!.id,
      purpose: 'reset',
      publicUrl: t.baseUrl,
      now: new Date(Date.now() - 31 * 60_000),
    });
    const fresh = await makeAccountLink(t.database.db, {
      accountId: account!.id,
      purpose: 'reset',
      publicUrl: t.baseUrl,
      now: new Date(Date.now() - 29 * 60_000),
    });
    expect((await request(t.baseUrl, new Map(), old.url)).status).toBe(400);
    expect((await request(t.baseUrl, new Map(), fresh.url)).status).toBe(200);
    const token = new URL(old.url).searchParams.get('token')!;
    const post = await resetPassword(token, 'too late passphrase');
    expect(post.status).toBe(400);
    expect((await signInWith('jo@example.com', DEFAULT_TEST_PASSWORD)).email).toBe('jo@example.com');
  });

  it(`sends one account at most ${LINKS_PER_ACCOUNT_PER_HOUR} links an hour, answering the same every time`, async () => {
    await signInThroughProvider(t.baseUrl, { email: 'kim@example.com', name: 'Kim', smtp });
    for (let i = 0; i < LINKS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      const res = await forgot('kim@example.com');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(RESET_REQUESTED);
    }
    await smtp.waitFor(() => resetMails('kim@example.com').length >= LINKS_PER_ACCOUNT_PER_HOUR);
    await new Promise((r) => setTimeout(r, 300));
    expect(resetMails('kim@example.com')).toHaveLength(LINKS_PER_ACCOUNT_PER_HOUR);
  });

  it('refuses malformed input with 400 and a tampered or missing token', async () => {
    const bad = await forgot('not an email');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a valid email address');
    expect((await request(t.baseUrl, new Map(), '/idp/password/reset')).status).toBe(400);
    expect((await request(t.baseUrl, new Map(), '/idp/password/reset?token=x')).status).toBe(400);
    const forged = await resetPassword('A'.repeat(43), 'a brand new passphrase');
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain(LINK_UNUSABLE);
  });

  it('an account made before passwords existed sets one through the link', async () => {
    await insertIdpAccount(t.database.db, {
      id: idpAccountId('lee@example.com'),
      email: 'lee@example.com',
      name: 'Lee',
      passwordHash: null as unknown as string,
      emailVerifiedAt: new Date(),
    });
    expect((await signInWith('lee@example.com', 'anything at all here')).status).toBe(401);
    await forgot('lee@example.com');
    const mail = await smtp.waitFor((m) => resetMails('lee@example.com').includes(m));
    const token = new URL(linkInMail(mail, '/idp/password/reset')).searchParams.get('token')!;
    const done = await resetPassword(token, 'lee finally has one');
    expect(done.status).toBe(200);
    expect((await signInWith('lee@example.com', 'lee finally has one')).email).toBe('lee@example.com');
  });
});

describe('email verification when SMTP is set', () => {
  it('a new account signs in only after opening the link in its mail', async () => {
    await postSignUp(t.baseUrl, {
      email: 'mo@example.com',
      name: 'Mo',
      password: 'mo has a passphrase',
      birthDate: '1990-01-01',
    });
    const early = await signInWith('mo@example.com', 'mo has a passphrase');
    expect(early.status).toBe(403);
    expect(early.email).toBeUndefined();
    // A wrong password learns nothing about verification.
    const wrong = await signInWith('mo@example.com', 'not the right one');
    expect(wrong.status).toBe(401);

    const mail = await smtp.waitFor((m) => m.to.includes('mo@example.com') && m.raw.includes('/idp/verify'));
    const link = linkInMail(mail, '/idp/verify');
    const opened = await request(t.baseUrl, new Map(), link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(EMAIL_CONFIRMED);
    expect((await request(t.baseUrl, new Map(), link)).status).toBe(400);
    expect((await signInWith('mo@example.com', 'mo has a passphrase')).email).toBe('mo@example.com');
  });

  it('says why on the sign-in form', async () => {
    const { jar, action } = await postSignUp(t.baseUrl, {
      email: 'ned@example.com',
      name: 'Ned',
      password: 'ned has a passphrase',
      birthDate: '1990-01-01',
    });
    const res = await request(
      t.baseUrl,
      jar,
      action,
      form({ email: 'ned@example.com', password: 'ned has a passphrase' }),
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(VERIFY_FIRST);
  });
});

describe('without SMTP', () => {
  let plain: THttpApp;
  beforeAll(async () => {
    plain = await startHttpApp({ SIGN_IN_LIMIT_PER_ADDRESS: '4' });
  }, 180_000);
  afterAll(() => plain.close());

  it('new accounts need no verification, and asking for links is limited per address (429, Retry-After)', async () => {
    await signInThroughProvider(plain.baseUrl, { email: 'ola@example.com', name: 'Ola' });
    const account = await findIdpAccountByEmail(plain.database.db, 'ola@example.com');
    expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await forgot('ola@example.com', plain)).status);
    expect(statuses).toContain(429);
    const last = await forgot('ola@example.com', plain);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
