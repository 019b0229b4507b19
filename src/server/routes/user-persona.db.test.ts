// The user persona (/api/persona): stored on the person, in every character's prompt.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '../../test-support/message-calls.ts';
import { chatRequests } from '../../test-support/reply-test-app.ts';
import { setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { users } from '../db/schema.ts';

const t = setUpReplyTestApp();
const db = () => t.database.db;
const send = (user: TTestUser, userInput: string) => sendMessage(t, user, userInput);

describe('user persona', () => {
  it('GET/PUT /api/persona: stored on the person, put in the prompt of every character', async () => {
    const user = await createSignedInUser(t.database, { name: 'Nia' });
    expect(await (await call(t, 'GET', '/api/persona', { user })).json()).toEqual({ persona: '' });
    const put = await call(t, 'PUT', '/api/persona', {
      user,
      json: { persona: "  I'm a night-shift nurse who loves rainy days " },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ persona: "I'm a night-shift nurse who loves rainy days" });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row?.userPersona).toBe("I'm a night-shift nurse who loves rainy days");
    await send(user, 'Hello there');
    expect(chatRequests(t).at(-1)!.messages[0]?.content).toContain(
      "About Nia, in their own words: I'm a night-shift nurse who loves rainy days",
    );
    // Cleared: gone from the prompt.
    await call(t, 'PUT', '/api/persona', { user, json: { persona: '' } });
    await send(user, 'Hello again');
    expect(chatRequests(t).at(-1)!.messages[0]?.content).not.toContain('About Nia');
  });

  it('unhappy paths: signed out, too long, malformed, NUL', async () => {
    const user = await createSignedInUser(t.database);
    expect((await call(t, 'GET', '/api/persona')).status).toBe(401);
    expect((await call(t, 'PUT', '/api/persona', { json: { persona: 'x' } })).status).toBe(401);
    expect((await call(t, 'PUT', '/api/persona', { user, json: { persona: 'x'.repeat(501) } })).status).toBe(
      400,
    );
    expect((await call(t, 'PUT', '/api/persona', { user, json: { persona: 5 } })).status).toBe(400);
    expect((await call(t, 'PUT', '/api/persona', { user, json: '{' })).status).toBe(400);
    const nul = await call(t, 'PUT', '/api/persona', { user, json: { persona: String.fromCharCode(0) } });
    expect(nul.status).toBe(400);
    expect(await (await call(t, 'GET', '/api/persona', { user })).json()).toEqual({ persona: '' });
  });
});
