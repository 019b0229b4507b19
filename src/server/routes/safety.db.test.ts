import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';

// /api/safety/ai-notice: the one-time notice that characters are AI, remembered per person.
const t = setUpTestApp();

describe('/api/safety/ai-notice', () => {
  it('is unseen for a new person, seen once dismissed, and keeps the first time', async () => {
    const user = await createSignedInUser(t.database);
    const other = await createSignedInUser(t.database);
    const before = await call(t, 'GET', '/api/safety/ai-notice', { user });
    expect(await before.json()).toEqual({ hasSeen: false, seenAt: null });
    const first = await call(t, 'POST', '/api/safety/ai-notice', { user });
    expect(first.status).toBe(200);
    const { seenAt } = (await first.json()) as { seenAt: string };
    await new Promise((r) => setTimeout(r, 20));
    const second = await call(t, 'POST', '/api/safety/ai-notice', { user });
    expect(((await second.json()) as { seenAt: string }).seenAt).toBe(seenAt);
    expect(await (await call(t, 'GET', '/api/safety/ai-notice', { user })).json()).toEqual({
      hasSeen: true,
      seenAt,
    });
    // Someone else's notice is their own.
    expect(
      (
        (await (await call(t, 'GET', '/api/safety/ai-notice', { user: other })).json()) as {
          hasSeen: boolean;
        }
      ).hasSeen,
    ).toBe(false);
  });

  it('signed out: 401; from another site: 403', async () => {
    expect((await call(t, 'GET', '/api/safety/ai-notice')).status).toBe(401);
    expect((await call(t, 'POST', '/api/safety/ai-notice')).status).toBe(401);
    const user = await createSignedInUser(t.database);
    const foreign = await call(t, 'POST', '/api/safety/ai-notice', {
      user,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(
      ((await (await call(t, 'GET', '/api/safety/ai-notice', { user })).json()) as { hasSeen: boolean })
        .hasSeen,
    ).toBe(false);
  });
});
