import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';

// Priority support: anyone can write; Plus messages are priority and the owner reads them first.
const t = setUpTestApp();
const owner = setUpPerson(t); // the first account owns the installation
const free = setUpPerson(t);
const plus = setUpPerson(t, { isSubscribed: true });

describe('POST /api/support and GET /api/admin/support', () => {
  it('stores messages, marks Plus ones priority, and lists them first for the owner', async () => {
    const a = await call(t, 'POST', '/api/support', {
      user: free,
      json: { message: 'The voice is too quiet' },
    });
    expect(a.status).toBe(201);
    expect(await a.json()).toMatchObject({ isPriority: false });
    const b = await call(t, 'POST', '/api/support', {
      user: plus,
      json: { message: '  Billing question  ' },
    });
    expect(await b.json()).toMatchObject({ isPriority: true });
    await call(t, 'POST', '/api/support', { user: free, json: { message: 'Newest free message' } });

    const inbox = await call(t, 'GET', '/api/admin/support', { user: owner });
    expect(inbox.status).toBe(200);
    const { messages } = await inbox.json();
    expect(messages.map((m: { message: string }) => m.message)).toEqual([
      'Billing question',
      'Newest free message',
      'The voice is too quiet',
    ]);
    expect(messages[0]).toMatchObject({
      isPriority: true,
      email: expect.any(String),
      userId: expect.any(Number),
    });
  });

  it('refuses signed out (401), non-owners (403) and bad messages (400)', async () => {
    expect((await call(t, 'POST', '/api/support', { json: { message: 'hi' } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/support')).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/support', { user: plus })).status).toBe(403);
    for (const json of [
      {},
      { message: '   ' },
      { message: 'x'.repeat(4001) },
      { message: `a${String.fromCharCode(0)}b` },
      '{',
    ]) {
      const res = await call(t, 'POST', '/api/support', { user: free, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request' });
    }
    expect((await call(t, 'GET', '/api/admin/support?limit=0', { user: owner })).status).toBe(400);
  });

  it('refuses more than 10 messages a day from one person with 429, keeping the ten', async () => {
    const chatty = await createSignedInUser(t.database);
    for (let i = 0; i < 10; i++) {
      expect(
        (await call(t, 'POST', '/api/support', { user: chatty, json: { message: `Note ${i}` } })).status,
      ).toBe(201);
    }
    const over = await call(t, 'POST', '/api/support', { user: chatty, json: { message: 'Note 10' } });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('3600');
    const { messages } = await (await call(t, 'GET', '/api/admin/support?limit=500', { user: owner })).json();
    expect(messages.filter((m: { userId: number }) => m.userId === chatty.id)).toHaveLength(10);
  });
});
