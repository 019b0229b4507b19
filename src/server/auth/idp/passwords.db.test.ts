import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInMail } from '../../../test-support/fake-smtp-server.ts';
import { startHttpApp, type THttpApp } from '../../../test-support/http-app.ts';
import { setUpHttpApp } from '../../../test-support/set-up.ts';
import {
  ADULT_BIRTH_DATE,
  DEFAULT_TEST_PASSWORD,
  follow,
  form,
  request,
  signInThroughProvider,
  startSignIn,
  type TCookieJar,
} from '../../../test-support/sign-in-flow.ts';
import { findIdpAccountByEmail } from '../../db/queries/idp.ts';
import { findUserByEmail } from '../../db/queries/users.ts';
import { SIGN_UP_RECEIVED } from './sign-in-page.ts';
import { TAKEN_EMAIL_SUBJECT } from './taken-email-notice.ts';

// Local accounts of the bundled provider: passwords, the strength floor, ALLOW_SIGNUP, attempt limits, headers.
const { app: t, smtp } = setUpHttpApp(
  { SIGN_IN_LIMIT_PER_ACCOUNT: '3', SIGN_IN_LIMIT_PER_ADDRESS: '1000' },
  { smtp: true },
);

async function post(kind: 'login' | 'signup', fields: Record<string, string>, app = t) {
  const jar: TCookieJar = new Map();
  const { action } = await startSignIn(app.baseUrl, jar);
  const withBirthDate = kind === 'signup' ? { birthDate: ADULT_BIRTH_DATE, ...fields } : fields;
  const res = await request(app.baseUrl, jar, action.replace(/\/login$/, `/${kind}`), form(withBirthDate));
  return { res, jar };
}

async function sessionEmail(app: THttpApp, jar: TCookieJar, res: Response) {
  await follow(app.baseUrl, jar, res);
  const session = await (await request(app.baseUrl, jar, '/auth/session')).json();
  return session?.user?.email as string | undefined;
}

describe('local accounts with passwords', () => {
  it('a known email with any display name and no password no longer signs in (the finding)', async () => {
    await signInThroughProvider(t.baseUrl, { smtp, email: 'alice@example.com', name: 'Alice' });
    const { res, jar } = await post('login', { email: 'alice@example.com', name: 'Mallory' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter your password');
    expect(await sessionEmail(t, jar, res)).toBeUndefined();
  });

  it('sign-up stores a scrypt hash, never the password, and the person then signs in', async () => {
    const { res, jar } = await post('signup', {
      email: 'Bea@Example.com',
      name: 'Bea',
      password: 'a long enough passphrase',
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(SIGN_UP_RECEIVED.slice(0, 40));
    expect(html).toContain('value="bea@example.com"');
    const account = await findIdpAccountByEmail(t.database.db, 'bea@example.com');
    expect(account?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]{86}$/);
    expect(account?.passwordHash).not.toContain('passphrase');
    const action = html.match(/action="([^"]+)"/)![1]!;
    // With SMTP set, the email is confirmed by its link first (recovery.db.test.ts covers that flow).
    const verifyMail = await smtp.waitFor((m) => m.to.includes('bea@example.com'));
    expect((await request(t.baseUrl, jar, linkInMail(verifyMail, '/idp/verify'))).status).toBe(200);
    const signedIn = await request(
      t.baseUrl,
      jar,
      action,
      form({ email: 'bea@example.com', password: 'a long enough passphrase' }),
    );
    expect(signedIn.status).toBe(303);
    expect(await sessionEmail(t, jar, signedIn)).toBe('bea@example.com');
  });

  it('sign-in checks the password: wrong is refused (401), right signs in', async () => {
    await signInThroughProvider(t.baseUrl, {
      smtp,
      email: 'cai@example.com',
      name: 'Cai',
      password: 'cai secret phrase',
    });
    const wrong = await post('login', { email: 'cai@example.com', password: 'not the password' });
    expect(wrong.res.status).toBe(401);
    expect(await wrong.res.text()).toContain('Wrong email or password');
    expect(await sessionEmail(t, wrong.jar, wrong.res)).toBeUndefined();

    const unknown = await post('login', { email: 'nobody@example.com', password: 'cai secret phrase' });
    expect(unknown.res.status).toBe(401);
    expect(await unknown.res.text()).toContain('Wrong email or password');

    const right = await post('login', { email: 'CAI@example.com', password: 'cai secret phrase' });
    expect(right.res.status).toBe(303);
    expect(await sessionEmail(t, right.jar, right.res)).toBe('cai@example.com');
  });

  it('sign-up refuses weak passwords, bad emails and NUL, keeping what was typed but the password', async () => {
    for (const [password, message] of [
      ['short', 'at least 10 characters'],
      ['password123', 'too common'],
      ['aaaaaaaaaaaaaa', 'more different characters'],
      ['dora-the-explorer-dora', 'must not contain your email'],
    ] as const) {
      const { res } = await post('signup', { email: 'dora@example.com', name: 'Dora', password });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('value="dora@example.com"');
      expect(html).not.toContain(password);
    }
    const nul = await post('signup', {
      email: 'dora@example.com',
      name: `Do\u0000ra`,
      password: 'fine passphrase',
    });
    expect(nul.res.status).toBe(400);
    expect(await findIdpAccountByEmail(t.database.db, 'dora@example.com')).toBeUndefined();
  });

  it('sign-up answers a taken email exactly as a new one, changes nothing, and tells its owner by email (finding 7)', async () => {
    await signInThroughProvider(t.baseUrl, { smtp, email: 'eve@example.com', name: 'Eve' });
    const before = await findIdpAccountByEmail(t.database.db, 'eve@example.com');
    const taken = await post('signup', {
      email: 'eve@example.com',
      name: 'Mallory',
      password: 'mallory wants in',
    });
    const fresh = await post('signup', {
      email: 'newt@example.com',
      name: 'Mallory',
      password: 'mallory wants in',
    });
    expect(taken.res.status).toBe(fresh.res.status);
    expect(taken.res.status).toBe(200);
    const uidless = (html: string) =>
      html.replace(/interaction\/[\w-]+/g, 'interaction/UID').replace(/value="[^"]*"/, '');
    const takenHtml = await taken.res.text();
    expect(uidless(takenHtml)).toBe(uidless(await fresh.res.text()));
    expect(takenHtml).not.toContain('already exists');
    expect(await sessionEmail(t, taken.jar, taken.res)).toBeUndefined();
    expect(await findIdpAccountByEmail(t.database.db, 'eve@example.com')).toEqual(before);
    const mail = await smtp.waitFor((m) => m.to.includes('eve@example.com') && m.raw.includes('Nothing was'));
    expect(mail.raw).toContain(TAKEN_EMAIL_SUBJECT);
    expect(mail.raw).toContain('Nothing was changed');
    expect(smtp.received.some((m) => m.to.includes('newt@example.com'))).toBe(false);
  });

  it('limits failed attempts per account: 429 with Retry-After, even with the right password then', async () => {
    await signInThroughProvider(t.baseUrl, { smtp, email: 'fay@example.com', name: 'Fay' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('login', { email: 'fay@example.com', password: `guess number ${i}` })).res.status,
      ).toBe(401);
    }
    const blocked = await post('login', { email: 'fay@example.com', password: DEFAULT_TEST_PASSWORD });
    expect(blocked.res.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.res.text()).toContain('Too many sign-in attempts');
    // Another account from the same address is not affected.
    const other = await post('login', { email: 'cai@example.com', password: 'cai secret phrase' });
    expect(other.res.status).toBe(303);
  });

  it('responses of the bundled provider carry CSP, frame and nosniff headers (the finding)', async () => {
    const jar: TCookieJar = new Map();
    for (const res of [
      await request(t.baseUrl, jar, '/idp/.well-known/openid-configuration'),
      await request(t.baseUrl, jar, '/idp/jwks'),
      await request(t.baseUrl, jar, '/idp/auth?client_id=nope'),
    ]) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const { action } = await startSignIn(t.baseUrl, jar);
    const page = await request(t.baseUrl, jar, action.replace(/\/login$/, ''));
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('per-address limit and ALLOW_SIGNUP=false', () => {
  let closed: THttpApp;
  beforeAll(async () => {
    closed = await startHttpApp({ ALLOW_SIGNUP: 'false', SIGN_IN_LIMIT_PER_ADDRESS: '6' });
  });
  afterAll(() => closed.close());

  it('closes sign-up (no link, 403 on the page and the post) while existing accounts still sign in', async () => {
    // An account made before sign-up was closed.
    await signInThroughProvider(t.baseUrl, { smtp, email: 'gus@example.com', name: 'Gus' });
    const row = await findIdpAccountByEmail(t.database.db, 'gus@example.com');
    const { insertIdpAccount } = await import('../../db/queries/idp.ts');
    await insertIdpAccount(closed.database.db, { ...row!, passwordHash: row!.passwordHash! });

    const jar: TCookieJar = new Map();
    const { html, action } = await startSignIn(closed.baseUrl, jar);
    expect(html).not.toContain('Create an account');
    const signupUrl = action.replace(/\/login$/, '/signup');
    const page = await request(closed.baseUrl, jar, signupUrl);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Sign-up is closed');
    const attempt = await request(
      closed.baseUrl,
      jar,
      signupUrl,
      form({
        email: 'new@example.com',
        name: 'New',
        password: 'a fine passphrase',
        birthDate: ADULT_BIRTH_DATE,
      }),
    );
    expect(attempt.status).toBe(403);
    expect(await findIdpAccountByEmail(closed.database.db, 'new@example.com')).toBeUndefined();

    const ok = await post('login', { email: 'gus@example.com', password: DEFAULT_TEST_PASSWORD }, closed);
    expect(ok.res.status).toBe(303);
    expect(await sessionEmail(closed, ok.jar, ok.res)).toBe('gus@example.com');
    expect(await findUserByEmail(closed.database.db, 'gus@example.com')).toBeDefined();
  });

  it('limits sign-in starts and attempts per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) {
      const jar: TCookieJar = new Map();
      const { csrfToken } = await (await request(closed.baseUrl, jar, '/auth/csrf')).json();
      last = await request(
        closed.baseUrl,
        jar,
        '/auth/signin/kindred',
        form({ csrfToken, callbackUrl: closed.baseUrl }),
      );
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
