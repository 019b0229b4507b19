import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { hashAccountToken } from '../auth/idp/account-links.ts';
import { hashPassword, verifyPassword } from '../auth/idp/password.ts';
import { idpAccountId } from '../auth/idp/routes.ts';
import { findLiveAccountToken } from '../db/queries/account-tokens.ts';
import { findIdpAccountByEmail, insertIdpAccount } from '../db/queries/idp.ts';
import { findSessionWithUser, insertAccount, insertSession } from '../db/queries/users.ts';

// PUT /api/account/password (change password on /profile) and POST /api/admin/reset-link (the owner's link).
const t = setUpTestApp({ SIGN_IN_LIMIT_PER_ACCOUNT: '3' });
const owner = setUpPerson(t);

/** A signed-in person whose account is a bundled-provider account with this password (null: none yet). */
async function personWithPassword(password: string | null) {
  const user = await createSignedInUser(t.database);
  const id = idpAccountId(user.email);
  await insertIdpAccount(t.database.db, {
    id,
    email: user.email,
    name: 'P',
    passwordHash: (password ? await hashPassword(password) : null) as string,
    emailVerifiedAt: new Date(),
  });
  await insertAccount(t.database.db, {
    userId: user.id,
    type: 'oidc',
    provider: 'kindred',
    providerAccountId: id,
  });
  return user;
}

async function otherSession(userId: number) {
  const token = randomBytes(24).toString('hex');
  await insertSession(t.database.db, {
    sessionToken: token,
    userId,
    expires: new Date(Date.now() + 3600_000),
  });
  return token;
}

const change = (user: TTestUser | undefined, json: unknown) =>
  call(t, 'PUT', '/api/account/password', { user, json });

describe('PUT /api/account/password', () => {
  it('changes the password after the current one, keeps this session and ends the others', async () => {
    const user = await personWithPassword('the old passphrase');
    const other = await otherSession(user.id);
    const res = await change(user, {
      currentPassword: 'the old passphrase',
      newPassword: 'the new passphrase',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: true });
    const account = await findIdpAccountByEmail(t.database.db, user.email);
    expect(await verifyPassword('the new passphrase', account!.passwordHash)).toBe(true);
    expect(await verifyPassword('the old passphrase', account!.passwordHash)).toBe(false);
    expect(await findSessionWithUser(t.database.db, other)).toBeUndefined();
    expect(await findSessionWithUser(t.database.db, user.cookie.split('=')[1]!)).toBeDefined();
  });

  it('signed out: 401', async () => {
    const res = await change(undefined, { currentPassword: 'x', newPassword: 'the new passphrase' });
    expect(res.status).toBe(401);
  });

  it('a wrong current password: 403, nothing changes, and guesses are slowed (429 with Retry-After)', async () => {
    const user = await personWithPassword('the right passphrase');
    const other = await otherSession(user.id);
    for (let i = 0; i < 3; i++) {
      const res = await change(user, {
        currentPassword: `guess ${i} here`,
        newPassword: 'the new passphrase',
      });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('Your current password is not right');
    }
    const blocked = await change(user, {
      currentPassword: 'the right passphrase',
      newPassword: 'the new passphrase',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const account = await findIdpAccountByEmail(t.database.db, user.email);
    expect(await verifyPassword('the right passphrase', account!.passwordHash)).toBe(true);
    expect(await findSessionWithUser(t.database.db, other)).toBeDefined();
  });

  it('a weak new password: 400, nothing changes', async () => {
    const user = await personWithPassword('the right passphrase');
    const res = await change(user, { currentPassword: 'the right passphrase', newPassword: 'password123' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('That password is too common');
    const account = await findIdpAccountByEmail(t.database.db, user.email);
    expect(await verifyPassword('the right passphrase', account!.passwordHash)).toBe(true);
  });

  it('malformed bodies: 400', async () => {
    const user = await personWithPassword('the right passphrase');
    for (const json of ['not json', {}, { currentPassword: '', newPassword: 'x' }, { currentPassword: 5 }]) {
      expect((await change(user, json)).status).toBe(400);
    }
    const huge = await change(user, {
      currentPassword: 'the right passphrase',
      newPassword: 'x'.repeat(5000),
    });
    expect(huge.status).toBe(400);
  });

  it('an account without a bundled-provider password: 409 saying what to do', async () => {
    const google = await createSignedInUser(t.database);
    const res = await change(google, { currentPassword: 'anything', newPassword: 'the new passphrase' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toContain('Google');
    const old = await personWithPassword(null);
    const none = await change(old, { currentPassword: 'anything', newPassword: 'the new passphrase' });
    expect(none.status).toBe(409);
    expect((await none.json()).message).toContain('Forgot password?');
  });
});

describe('POST /api/admin/reset-link', () => {
  it('the owner gets a 30-minute link for a bundled-provider account', async () => {
    const person = await personWithPassword('a passphrase here');
    const before = Date.now();
    const res = await call(t, 'POST', '/api/admin/reset-link', {
      user: owner,
      json: { email: person.email },
    });
    expect(res.status).toBe(201);
    const link = (await res.json()) as { url: string; expiresAt: string };
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/idp\/password\/reset\?token=[\w-]{43}$/);
    const minutes = (new Date(link.expiresAt).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);
    const token = new URL(link.url).searchParams.get('token')!;
    expect(await findLiveAccountToken(t.database.db, hashAccountToken(token), 'reset')).toBe(
      idpAccountId(person.email),
    );
  });

  it('signed out 401, someone else 403, malformed 400, unknown email 404', async () => {
    const someone = await createSignedInUser(t.database);
    const ask = (user: TTestUser | undefined, json: unknown) =>
      call(t, 'POST', '/api/admin/reset-link', { user, json });
    expect((await ask(undefined, { email: owner.email })).status).toBe(401);
    expect((await ask(someone, { email: owner.email })).status).toBe(403);
    expect((await ask(owner, { email: 'nope' })).status).toBe(400);
    expect((await ask(owner, 'nope')).status).toBe(400);
    const unknown = await ask(owner, { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
  });
});
