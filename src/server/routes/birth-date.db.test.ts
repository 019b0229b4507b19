import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_NEEDED_MESSAGE, tooYoungMessage } from '../../shared/birth-date.ts';
import { ROLE_PLAY_PREFIX } from '../../shared/characters.ts';
import { setUpReplyTestApp, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestApp, type TTestUser } from '../../test-support/test-app.ts';
import { chatLogs, sessions, users } from '../db/schema.ts';

// People who signed in with Google bring no date of birth: they give it once after signing in, before
// they can chat or make a character, and the same age rules apply as at the bundled provider's sign-up
// (under MIN_AGE, or under 18 with ADULTS_ONLY, no account).
const t = setUpReplyTestApp();
const adultsOnly = setUpTestApp({ ADULTS_ONLY: 'true' });

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const session = async (app: TTestApp, user: TTestUser) =>
  (await (await call(app, 'GET', '/auth/session', { user })).json()) as {
    user?: { needsBirthDate: boolean; isMinor: boolean };
  } | null;

const give = (app: TTestApp, user: TTestUser | undefined, json: unknown) =>
  call(app, 'PUT', '/api/account/birth-date', { user, json });

const storedBirthDate = async (app: TTestApp, id: number) =>
  (await app.database.db.select({ b: users.birthDate }).from(users).where(eq(users.id, id)))[0]?.b;

describe('date of birth after a sign-in that brought none', () => {
  it('the session says it is needed; chatting and making a character wait for it (403, nothing stored)', async () => {
    const person = await createSignedInUser(t.database, { birthDate: null });
    expect((await session(t, person))?.user?.needsBirthDate).toBe(true);
    const send = await call(t, 'POST', '/assistant-reply-openai', {
      user: person,
      json: { userId: person.id, characterId: 1, userInput: 'Hello', memoryEnabled: false },
    });
    expect(send.status).toBe(403);
    expect(await send.json()).toEqual({ code: 'birth_date_needed', message: BIRTH_DATE_NEEDED_MESSAGE });
    const made = await call(t, 'POST', '/api/character-personas', {
      user: person,
      json: { name: 'X', tagline: 'y', description: `${ROLE_PLAY_PREFIX}z`, avatarUrl: '/x.png' },
    });
    expect(made.status).toBe(403);
    const group = await call(t, 'POST', '/api/groups', { user: person, json: { characterIds: [1, 2] } });
    expect(group.status).toBe(403);
    expect(await t.database.db.select().from(chatLogs).where(eq(chatLogs.userId, person.id))).toEqual([]);

    const given = await give(t, person, { birthDate: '1990-05-17' });
    expect(given.status).toBe(200);
    expect(await storedBirthDate(t, person.id)).toBe('1990-05-17');
    expect((await session(t, person))?.user).toMatchObject({ needsBirthDate: false, isMinor: false });
    const after = await call(t, 'POST', '/assistant-reply-openai', {
      user: person,
      json: { userId: person.id, characterId: 1, userInput: 'Hello', memoryEnabled: false },
    });
    expect(after.status).toBe(200);
  });

  it('asked once: a second answer is refused (409) and the first kept', async () => {
    const person = await createSignedInUser(t.database, { birthDate: null });
    expect((await give(t, person, { birthDate: yearsAgo(16) })).status).toBe(200);
    expect((await session(t, person))?.user).toMatchObject({ needsBirthDate: false, isMinor: true });
    const again = await give(t, person, { birthDate: '1980-01-01' });
    expect(again.status).toBe(409);
    expect(await storedBirthDate(t, person.id)).toBe(yearsAgo(16));
    // Someone who signed up with a date of birth cannot change it here either.
    const signedUp = await createSignedInUser(t.database);
    expect((await give(t, signedUp, { birthDate: yearsAgo(15) })).status).toBe(409);
  });

  it(`under MIN_AGE (13 by default): no account — it is deleted and the session ends`, async () => {
    const child = await createSignedInUser(t.database, { birthDate: null });
    const res = await give(t, child, { birthDate: yearsAgo(13, 1) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(tooYoungMessage(13));
    expect(res.headers.get('set-cookie')).toContain('authjs.session-token=;');
    expect(await t.database.db.select().from(users).where(eq(users.id, child.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, child.id))).toEqual([]);
    expect((await call(t, 'GET', '/api/character-personas', { user: child })).status).toBe(401);
    // Thirteen today is old enough.
    const thirteen = await createSignedInUser(t.database, { birthDate: null });
    expect((await give(t, thirteen, { birthDate: yearsAgo(13) })).status).toBe(200);
  });

  it('ADULTS_ONLY=true: 17 is refused and the account deleted, 18 is welcome', async () => {
    const seventeen = await createSignedInUser(adultsOnly.database, { birthDate: null });
    const res = await give(adultsOnly, seventeen, { birthDate: yearsAgo(18, 1) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(tooYoungMessage(18));
    expect(await adultsOnly.database.db.select().from(users).where(eq(users.id, seventeen.id))).toEqual([]);
    const eighteen = await createSignedInUser(adultsOnly.database, { birthDate: null });
    expect((await give(adultsOnly, eighteen, { birthDate: yearsAgo(18) })).status).toBe(200);
  });

  it('signed out 401; malformed, impossible, future or 121-year-old dates 400 and nothing stored', async () => {
    expect((await give(t, undefined, { birthDate: '1990-01-01' })).status).toBe(401);
    const person = await createSignedInUser(t.database, { birthDate: null });
    for (const body of [
      {},
      { birthDate: 19900101 },
      { birthDate: 'yesterday' },
      { birthDate: '1990-02-30' },
      { birthDate: yearsAgo(0, 2) },
      { birthDate: yearsAgo(121) },
      { birthDate: `1990-01-01${'x'.repeat(10_000)}` },
      '{not json',
    ]) {
      const res = await give(t, person, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await storedBirthDate(t, person.id)).toBeNull();
    expect((await session(t, person))?.user?.needsBirthDate).toBe(true);
  });
});
