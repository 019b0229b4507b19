import { beforeAll, describe, expect, it } from 'vitest';
import {
  NEXT_PAGE_HEADER,
  ROLE_PLAY_PREFIX,
  type TFeatured,
  type TPersona,
  type TPersonaListItem,
} from '../../shared/characters.ts';
import { setUpPerson, setUpTestApp, uploadAvatar } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { findVisibleCharacter } from '../db/queries/characters.ts';
import { CAST } from '../db/seed/cast.ts';

const t = setUpTestApp();
const me = setUpPerson(t, { name: 'Ada' });
const other = setUpPerson(t);
let mine: number;
let theirs: number;

const valid = (avatarUrl: string) => ({
  name: 'Mira the Maker',
  tagline: 'Builds clockwork birds',
  description: `${ROLE_PLAY_PREFIX}You are Mira, a tinkerer who talks to {{userName}} about gears.`,
  avatarUrl,
  voiceId: 'slt',
});

beforeAll(async () => {
  const made = (userId: number, name: string, tagline: string, description: string) =>
    insertTestCharacter(t.database.db, { userId, name, tagline, description });
  mine = (await made(me.id, 'Zebulon Mine', 'mine', 'x')).id;
  theirs = (await made(other.id, 'Zebulon Theirs', 'theirs', 'secret persona')).id;
});

describe('GET /api/character-personas', () => {
  it('lists the built-in cast and my own characters, with list fields only, never someone else’s', async () => {
    const res = await call(t, 'GET', '/api/character-personas', { user: me });
    expect(res.status).toBe(200);
    const list = (await res.json()) as TPersonaListItem[];
    const ids = list.map((p) => p.id);
    for (const member of CAST) expect(ids).toContain(member.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(mine).toBeGreaterThan(1000);
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['avatarUrl', 'featuredGroup', 'featuredOrder', 'id', 'name', 'tagline', 'userId'].sort(),
    );
    expect(res.headers.get(NEXT_PAGE_HEADER)).toBeNull();
  });

  it('searches names case-insensitively, taking % and _ literally', async () => {
    const res = await call(t, 'GET', '/api/character-personas?q=zEBULON', { user: me });
    expect(((await res.json()) as TPersonaListItem[]).map((p) => p.id)).toEqual([mine]);
    const ganon = await call(t, 'GET', '/api/character-personas?q=anondor', { user: me });
    expect(((await ganon.json()) as TPersonaListItem[]).map((p) => p.name)).toEqual(['Ganondorf']);
    const wild = await call(t, 'GET', '/api/character-personas?q=%25', { user: me });
    expect(await wild.json()).toEqual([]);
  });

  it('pages with limit and after, the cursor in a header', async () => {
    const first = await call(t, 'GET', '/api/character-personas?limit=5', { user: me });
    const page1 = (await first.json()) as TPersonaListItem[];
    expect(page1.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(first.headers.get(NEXT_PAGE_HEADER)).toBe('5');
    const seen = [...page1];
    let after = first.headers.get(NEXT_PAGE_HEADER);
    while (after) {
      const res = await call(t, 'GET', `/api/character-personas?limit=5&after=${after}`, { user: me });
      seen.push(...((await res.json()) as TPersonaListItem[]));
      after = res.headers.get(NEXT_PAGE_HEADER);
    }
    expect(seen.map((p) => p.id)).toEqual([...CAST.map((m) => m.id).sort((a, b) => a - b), mine]);
  });

  it('is 401 signed out and 400 on a bad query', async () => {
    expect((await call(t, 'GET', '/api/character-personas')).status).toBe(401);
    for (const q of ['limit=0', 'limit=501', 'after=-1', `q=${'a'.repeat(101)}`, 'limit=abc']) {
      const res = await call(t, 'GET', `/api/character-personas?${q}`, { user: me });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
  });
});

describe('GET /api/character-personas/featured', () => {
  it('gives three banners of four and about 18 sidebar characters, all built in', async () => {
    const res = await call(t, 'GET', '/api/character-personas/featured', { user: me });
    const featured = (await res.json()) as TFeatured;
    expect(featured.banners).toHaveLength(3);
    for (const banner of featured.banners) {
      expect(banner.characters).toHaveLength(4);
      expect(banner.backgroundUrl).toMatch(/^\/cast\/banners\//);
    }
    expect(featured.sidebar).toHaveLength(18);
    expect(featured.sidebar.every((c) => c.userId === null)).toBe(true);
    expect(featured.sidebar.slice(0, 4).map((c) => c.id)).toEqual(
      featured.banners[0]!.characters.map((c) => c.id),
    );
    expect((await call(t, 'GET', '/api/character-personas/featured')).status).toBe(401);
  });
});

describe('GET /api/character-personas/user/:userId', () => {
  it('lists only my own characters, and refuses another user’s list', async () => {
    const res = await call(t, 'GET', `/api/character-personas/user/${me.id}`, { user: me });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TPersonaListItem[]).map((p) => p.id)).toEqual([mine]);
    const forbidden = await call(t, 'GET', `/api/character-personas/user/${other.id}`, { user: me });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'forbidden' });
    expect((await call(t, 'GET', `/api/character-personas/user/${me.id}`)).status).toBe(401);
    expect((await call(t, 'GET', '/api/character-personas/user/abc', { user: me })).status).toBe(400);
  });
});

describe('GET /api/character-personas/:id', () => {
  it('returns a list whose first item is the persona, with greeting and memoryDisabled', async () => {
    const res = await call(t, 'GET', '/api/character-personas/2', { user: me });
    expect(res.status).toBe(200);
    const [ganondorf] = (await res.json()) as TPersona[];
    expect(ganondorf).toMatchObject({ id: 2, name: 'Ganondorf', memoryDisabled: true, userId: null });
    expect(ganondorf!.greeting).toContain('{{userName}}');
    expect(ganondorf!.description.length).toBeGreaterThan(100);
    const [one] = (await (
      await call(t, 'GET', '/api/character-personas/1', { user: me })
    ).json()) as TPersona[];
    expect(one!.memoryDisabled).toBe(false);
  });

  it('reads my own, and answers 404 for someone else’s private character or a missing one', async () => {
    const own = await call(t, 'GET', `/api/character-personas/${mine}`, { user: me });
    expect(((await own.json()) as TPersona[])[0]!.name).toBe('Zebulon Mine');
    for (const id of [theirs, 999_999]) {
      const res = await call(t, 'GET', `/api/character-personas/${id}`, { user: me });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await call(t, 'GET', `/api/character-personas/${mine}`)).status).toBe(401);
    expect((await call(t, 'GET', '/api/character-personas/0', { user: me })).status).toBe(400);
    expect((await call(t, 'GET', '/api/character-personas/1.5', { user: me })).status).toBe(400);
  });
});

describe('POST /api/character-personas', () => {
  it('creates a character of mine from the session, storing prefix + my words once', async () => {
    const avatarUrl = await uploadAvatar(t, me);
    const res = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: { ...valid(avatarUrl), userId: me.id },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as TPersona;
    expect(created.id).toBeGreaterThan(1000);
    const row = await findVisibleCharacter(t.database.db, me.id, created.id);
    expect(row).toMatchObject({ userId: me.id, name: 'Mira the Maker', voiceId: 'slt', avatarUrl });
    expect(row!.description).toBe(
      `${ROLE_PLAY_PREFIX}You are Mira, a tinkerer who talks to {{userName}} about gears.`,
    );
    // Without the prefix the server adds it; the other user cannot read it.
    const raw = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: { ...valid(avatarUrl), description: 'Plain words' },
    });
    const rawId = ((await raw.json()) as TPersona).id;
    expect((await findVisibleCharacter(t.database.db, me.id, rawId))!.description).toBe(
      `${ROLE_PLAY_PREFIX}Plain words`,
    );
    expect(await findVisibleCharacter(t.database.db, other.id, rawId)).toBeUndefined();
  });

  it('accepts exactly the limits: 20, 100 and 1000 characters of my own words', async () => {
    const avatarUrl = await uploadAvatar(t, me);
    const res = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: {
        ...valid(avatarUrl),
        name: 'n'.repeat(20),
        tagline: 't'.repeat(100),
        description: ROLE_PLAY_PREFIX + 'd'.repeat(1000),
      },
    });
    expect(res.status).toBe(201);
  });

  it('refuses signed out, another user, over-long or missing fields and foreign avatars, storing nothing', async () => {
    const avatarUrl = await uploadAvatar(t, me);
    const count = async () =>
      (
        (await (
          await call(t, 'GET', `/api/character-personas/user/${me.id}`, { user: me })
        ).json()) as unknown[]
      ).length;
    const before = await count();
    expect((await call(t, 'POST', '/api/character-personas', { json: valid(avatarUrl) })).status).toBe(401);
    const forbidden = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: { ...valid(avatarUrl), userId: other.id },
    });
    expect(forbidden.status).toBe(403);
    const bad = [
      '{nope',
      [],
      { ...valid(avatarUrl), name: 'n'.repeat(21) },
      { ...valid(avatarUrl), name: '   ' },
      { ...valid(avatarUrl), tagline: 't'.repeat(101) },
      { ...valid(avatarUrl), description: ROLE_PLAY_PREFIX + 'd'.repeat(1001) },
      { ...valid(avatarUrl), description: 'd'.repeat(1001) },
      { ...valid(avatarUrl), description: ROLE_PLAY_PREFIX },
      { ...valid(avatarUrl), avatarUrl: '' },
      { ...valid(avatarUrl), avatarUrl: undefined },
      { ...valid(avatarUrl), avatarUrl: 'https://evil.example/x.png' },
      { ...valid(avatarUrl), avatarUrl: '/media/../../etc/passwd' },
      { ...valid(avatarUrl), voiceId: 'v'.repeat(65) },
      { ...valid(avatarUrl), voiceId: '<script>' },
      { ...valid(avatarUrl), name: 42 },
    ];
    for (const json of bad) {
      const res = await call(t, 'POST', '/api/character-personas', { user: me, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
    const foreign = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: valid(avatarUrl),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await count()).toBe(before);
  });
});
