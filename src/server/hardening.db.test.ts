import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../test-support/db-snapshot.ts';
import { setUpPerson, setUpReplyTestApp } from '../test-support/set-up.ts';
import {
  call,
  createSignedInUser,
  createTestApp,
  type TTestApp,
  type TTestUser,
} from '../test-support/test-app.ts';
import { avatarPng } from '../test-support/test-cards.ts';
import { users } from './db/schema.ts';

// The findings of the attacker's probe, each shown fixed (issue 11).
const NUL = String.fromCharCode(0);
const t = setUpReplyTestApp({ UPLOAD_LIMIT_PER_PERSON: '4', REPLY_LIMIT_PER_PERSON: '3' });
const owner = setUpPerson(t);
const me = setUpPerson(t);
const other = setUpPerson(t);

async function uploadAvatar(user: TTestUser) {
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(await avatarPng())], 'a.png', { type: 'image/png' }));
  return call(t, 'POST', '/upload/avatar', { user, body: form });
}

const persona = (avatarUrl: string, extra: Record<string, unknown> = {}) => ({
  name: 'Nova',
  tagline: 'A star',
  description: 'Bright and kind.',
  avatarUrl,
  ...extra,
});

describe('a NUL character in any text field is a 400 from ZText, and nothing is stored', () => {
  it('every stored text refuses NUL with a clear message', async () => {
    const before = await snapshotDatabase(t.database.db);
    const cardForm = new FormData();
    cardForm.append(
      'card',
      new File(
        [JSON.stringify({ spec: 'chara_card_v2', data: { name: `A${NUL}B`, description: 'x' } })],
        'c.json',
      ),
    );
    const attempts = [
      call(t, 'PUT', `/api/users/update-name/${me.id}`, { user: me, json: { name: `a${NUL}b` } }),
      call(t, 'PUT', `/api/users/${me.id}`, { user: me, json: { name: 'Ok', image: `/x${NUL}.png` } }),
      call(t, 'POST', '/api/character-personas', {
        user: me,
        json: persona('/cast/avatars/rook.svg', { description: `evil${NUL}` }),
      }),
      call(t, 'POST', '/api/chatlogs', {
        user: me,
        json: { userId: me.id, characterId: 1, conversation: [{ role: 'user', content: `hi${NUL}` }] },
      }),
      call(t, 'POST', '/assistant-reply-openai', {
        user: owner,
        json: { userId: owner.id, characterId: 1, userInput: `hello${NUL}there` },
      }),
      call(t, 'POST', '/upload/character-card', { user: me, body: cardForm }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('bad_request');
      expect(body.message).toMatch(/NUL/);
    }
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });
});

describe('the foreign-origin check compares with PUBLIC_URL, never the Host header', () => {
  it('Origin and Host both evil.example is refused', async () => {
    const res = await t.app.request(`http://evil.example/api/users/update-name/${me.id}`, {
      method: 'PUT',
      headers: {
        host: 'evil.example',
        origin: 'http://evil.example',
        cookie: me.cookie,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'Pwned' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'forbidden', message: 'Cross-site request refused' });
  });
});

describe('the model download is the owner’s alone', () => {
  it('another signed-in person gets 403 on start and abort; the owner may abort', async () => {
    for (const method of ['POST', 'DELETE']) {
      const res = await call(t, method, '/api/models/download', { user: me });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('forbidden');
    }
    expect((await call(t, 'DELETE', '/api/models/download', { user: owner })).status).toBe(200);
    expect((await call(t, 'GET', '/api/models/status', { user: me })).status).toBe(200);
  });
});

describe('a persona’s avatar is the person’s own upload or a built-in image', () => {
  it('refuses /media/<anything> and another person’s upload; takes one’s own and the cast’s', async () => {
    const mine = (await (await uploadAvatar(me)).json()).avatarUrl as string;
    const theirs = (await (await uploadAvatar(other)).json()).avatarUrl as string;
    for (const url of [
      '/media/avatars/anything.webp',
      '/media/../auth-secret',
      theirs,
      '/cast/avatars/nope.svg',
    ]) {
      const res = await call(t, 'POST', '/api/character-personas', { user: me, json: persona(url) });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/avatarUrl/);
    }
    expect((await call(t, 'POST', '/api/character-personas', { user: me, json: persona(mine) })).status).toBe(
      201,
    );
    const builtIn = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: persona('/cast/avatars/rook.svg'),
    });
    expect(builtIn.status).toBe(201);
  });
});

describe('the profile image rule', () => {
  it('refuses /\\evil.example/x.png and the like; keeps site paths and https URLs', async () => {
    for (const image of [
      '/\\evil.example/x.png',
      '/\\/evil.example/x.png',
      '//evil.example/x.png',
      '\\\\evil/x',
    ]) {
      const res = await call(t, 'PUT', `/api/users/${me.id}`, { user: me, json: { name: 'Me', image } });
      expect(res.status).toBe(400);
    }
    for (const image of ['/logo.svg', 'https://example.com/me.png']) {
      expect(
        (await call(t, 'PUT', `/api/users/${me.id}`, { user: me, json: { name: 'Me', image } })).status,
      ).toBe(200);
    }
  });
});

describe('rate limits on uploads and replies (stored in the database)', () => {
  it('uploads: 429 with Retry-After past the per-person limit, other people unaffected', async () => {
    const person = await createSignedInUser(t.database);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await uploadAvatar(person);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await last!.json()).code).toBe('too_many_requests');
    expect((await uploadAvatar(await createSignedInUser(t.database))).status).toBe(201);
  });

  it('replies: 429 with Retry-After past the per-person limit', async () => {
    const person = await createSignedInUser(t.database);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await call(t, 'POST', '/assistant-reply-openai', {
        user: person,
        json: { userId: person.id, characterId: 1, userInput: `Hello ${i}` },
      });
      statuses.push(last.status);
      await last.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a reply refused before the limits (no date of birth yet) counts nothing against them', async () => {
    const person = await createSignedInUser(t.database, { birthDate: null });
    const send = async (i: number) => {
      const res = await call(t, 'POST', '/assistant-reply-openai', {
        user: person,
        json: { userId: person.id, characterId: 1, userInput: `Hello ${i}` },
      });
      await res.text();
      return res.status;
    };
    const refused = [await send(0), await send(1), await send(2), await send(3)];
    expect(refused).toEqual([403, 403, 403, 403]);
    await t.database.db.update(users).set({ birthDate: '1990-01-01' }).where(eq(users.id, person.id));
    // The limit is 3: the four refusals took none of it.
    expect([await send(4), await send(5), await send(6), await send(7)]).toEqual([200, 200, 200, 429]);
  });

  it('answering again and going on count against the same per-person limit as a new message', async () => {
    const person = await createSignedInUser(t.database);
    const first = await call(t, 'POST', '/assistant-reply-openai', {
      user: person,
      json: { userId: person.id, characterId: 1, userInput: 'Hello there' },
    });
    expect(first.status).toBe(200);
    const { hist } = (await first.json()) as { hist: string };
    const again = (action: string) =>
      call(t, 'POST', `/api/chatlogs/${hist}/messages/1/${action}`, { user: person, json: {} });
    const regenerated = await again('regenerate');
    expect(regenerated.status).toBe(200);
    await regenerated.text();
    const continued = await again('continue');
    expect(continued.status).toBe(200);
    await continued.text();
    const refused = await again('regenerate');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe('too_many_requests');
  });
});

describe('per-address limits (TRUST_PROXY takes the address from X-Forwarded-For)', () => {
  let proxied: TTestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      TRUST_PROXY: 'true',
      UPLOAD_LIMIT_PER_ADDRESS: '3',
      REPLY_LIMIT_PER_ADDRESS: '2',
    });
  });
  afterAll(() => proxied.close());

  const uploadFrom = async (user: TTestUser, address: string) => {
    const form = new FormData();
    form.append('avatar', new File([new Uint8Array(await avatarPng())], 'a.png', { type: 'image/png' }));
    return call(proxied, 'POST', '/upload/avatar', {
      user,
      body: form,
      headers: { 'x-forwarded-for': address },
    });
  };

  it('many people from one address share its upload limit; another address is not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await uploadFrom(await createSignedInUser(proxied.database), '203.0.113.9')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await uploadFrom(await createSignedInUser(proxied.database), '198.51.100.7')).status).toBe(201);
  });

  it('replies from one address are limited across people, with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      const person = await createSignedInUser(proxied.database);
      last = await call(proxied, 'POST', '/assistant-reply-openai', {
        user: person,
        json: { userId: person.id, characterId: 1, userInput: 'Hi' },
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      statuses.push(last.status);
    }
    expect(statuses[2]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
