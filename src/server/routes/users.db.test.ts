import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';
import { findUserById } from '../db/queries/users.ts';

const t = setUpTestApp();
const me = setUpPerson(t, { name: 'Ada Lovelace' });
const other = setUpPerson(t);

describe('GET /api/users/email', () => {
  it('returns my own account', async () => {
    const res = await call(t, 'GET', `/api/users/email?email=${encodeURIComponent(me.email)}`, { user: me });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: me.id,
      username: me.username,
      name: 'Ada Lovelace',
      image: null,
      isSubscribed: false,
    });
  });

  it('is 401 signed out, 403 for another email, 400 without email', async () => {
    expect((await call(t, 'GET', `/api/users/email?email=${me.email}`)).status).toBe(401);
    const forbidden = await call(t, 'GET', `/api/users/email?email=${other.email}`, { user: me });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ code: 'forbidden' });
    const bad = await call(t, 'GET', '/api/users/email', { user: me });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });
});

describe('PUT /api/users/update-name/:userId', () => {
  it('renames me and gives a matching unique username', async () => {
    const res = await call(t, 'PUT', `/api/users/update-name/${me.id}`, {
      user: me,
      json: { name: 'Grace Hopper' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'Grace Hopper', username: 'grace_hopper' });
    const res2 = await call(t, 'PUT', `/api/users/update-name/${other.id}`, {
      user: other,
      json: { name: 'Grace Hopper' },
    });
    expect(await res2.json()).toEqual({ name: 'Grace Hopper', username: 'grace_hopper2' });
  });

  it('refuses signed out, another user, malformed bodies and foreign origins, changing nothing', async () => {
    const before = await findUserById(t.database.db, other.id);
    expect((await call(t, 'PUT', `/api/users/update-name/${me.id}`, { json: { name: 'X' } })).status).toBe(
      401,
    );
    expect(
      (await call(t, 'PUT', `/api/users/update-name/${other.id}`, { user: me, json: { name: 'Mallory' } }))
        .status,
    ).toBe(403);
    for (const json of ['{not json', { name: '' }, { name: 'x'.repeat(51) }, { nope: 1 }, [1]]) {
      const res = await call(t, 'PUT', `/api/users/update-name/${me.id}`, { user: me, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    const foreign = await call(t, 'PUT', `/api/users/update-name/${me.id}`, {
      user: me,
      json: { name: 'Evil' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await findUserById(t.database.db, other.id)).toEqual(before);
  });
});

describe('PUT /api/users/:userId', () => {
  it('saves name and image', async () => {
    const res = await call(t, 'PUT', `/api/users/${me.id}`, {
      user: me,
      json: { name: 'Ada', image: 'https://example.com/a.png' },
    });
    expect(res.status).toBe(200);
    const row = await findUserById(t.database.db, me.id);
    expect(row).toMatchObject({ name: 'Ada', image: 'https://example.com/a.png' });
  });

  it('refuses bad image URLs, other users, signed out, foreign origins and oversized bodies', async () => {
    expect((await call(t, 'PUT', `/api/users/${me.id}`, { json: { name: 'A' } })).status).toBe(401);
    expect((await call(t, 'PUT', `/api/users/${other.id}`, { user: me, json: { name: 'A' } })).status).toBe(
      403,
    );
    const js = await call(t, 'PUT', `/api/users/${me.id}`, {
      user: me,
      json: { name: 'A', image: 'javascript:alert(1)' },
    });
    expect(js.status).toBe(400);
    expect((await call(t, 'PUT', '/api/users/abc', { user: me, json: { name: 'A' } })).status).toBe(400);
    const foreign = await call(t, 'PUT', `/api/users/${me.id}`, {
      user: me,
      json: { name: 'A' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const huge = await call(t, 'PUT', `/api/users/${me.id}`, {
      user: me,
      json: { name: 'A', pad: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'payload_too_large' });
    expect(await findUserById(t.database.db, me.id)).toMatchObject({ name: 'Ada' });
  });
});
