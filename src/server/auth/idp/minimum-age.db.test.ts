import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpApp, type THttpApp } from '../../../test-support/http-app.ts';
import { postSignUp, signInThroughProvider } from '../../../test-support/sign-in-flow.ts';
import { findIdpAccountByEmail } from '../../db/queries/idp.ts';
import { findUserByEmail } from '../../db/queries/users.ts';

// Sign-up asks for a date of birth: under MIN_AGE (default 13) no account; ADULTS_ONLY=true makes it 18.
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const signUp = async (app: THttpApp, fields: Record<string, string>) =>
  (await postSignUp(app.baseUrl, { name: 'Kid', password: 'a fine passphrase', ...fields })).response;

let t: THttpApp;
let adults: THttpApp;
beforeAll(async () => {
  t = await startHttpApp();
  adults = await startHttpApp({ ADULTS_ONLY: 'true' });
}, 180_000);
afterAll(async () => {
  await t.close();
  await adults.close();
});

describe('date of birth at sign-up', () => {
  it('under 13 (the default MIN_AGE): refused with 403, no account stored', async () => {
    const res = await signUp(t, { email: 'kid@example.com', birthDate: yearsAgo(13, 1) });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Kindred is for people aged 13 and over.');
    expect(await findIdpAccountByEmail(t.database.db, 'kid@example.com')).toBeUndefined();
  });

  it('13 today: an account, and the date of birth reaches the person at their first sign-in', async () => {
    const birthDate = yearsAgo(13);
    await signInThroughProvider(t.baseUrl, { email: 'teen@example.com', name: 'Teen', birthDate });
    expect((await findUserByEmail(t.database.db, 'teen@example.com'))?.birthDate).toBe(birthDate);
  });

  it('a missing, impossible or future date: 400 and no account', async () => {
    for (const birthDate of ['', '2010-02-30', 'yesterday', yearsAgo(-1)]) {
      const res = await signUp(t, { email: 'odd@example.com', birthDate });
      expect(res.status).toBe(400);
    }
    expect(await findIdpAccountByEmail(t.database.db, 'odd@example.com')).toBeUndefined();
  });

  it('ADULTS_ONLY=true: 17 is refused, 18 is welcome', async () => {
    const young = await signUp(adults, { email: 'seventeen@example.com', birthDate: yearsAgo(18, 1) });
    expect(young.status).toBe(403);
    expect(await young.text()).toContain('Kindred is for people aged 18 and over.');
    const grown = await signUp(adults, { email: 'eighteen@example.com', birthDate: yearsAgo(18) });
    expect(grown.status).toBe(200);
  });
});
