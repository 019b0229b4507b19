import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TChatLog, TChatLogSummary } from '../../shared/chat.ts';
import { msgUrl, SERAPHINE, setUpMessageSuite } from '../../test-support/message-calls.ts';
import { chatRequests, setUsedToday, storedMessages, usedToday } from '../../test-support/reply-test-app.ts';
import { uploadAvatar } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';
import { insertCharacter } from '../db/queries/characters.ts';
import { chatLogs } from '../db/schema.ts';

// A character's greeting: the first message of a new chat, stored and kept first; the create form's Greeting.
const { t, db, send } = setUpMessageSuite();

describe('greeting', () => {
  it('POST /api/chatlogs/greeting stores the greeting, filled in, as the first message; no limit used', async () => {
    const user = await createSignedInUser(t.database, { name: 'Ada Lovelace' });
    await setUsedToday(t, user.id, 20);
    const res = await call(t, 'POST', '/api/chatlogs/greeting', { user, json: { characterId: SERAPHINE } });
    expect(res.status).toBe(201);
    const log = (await res.json()) as TChatLog;
    expect(log.conversation).toHaveLength(1);
    expect(log.conversation[0]).toMatchObject({
      position: 0,
      role: 'assistant',
      isGreeting: true,
      alternativeCount: 1,
    });
    expect(log.conversation[0]?.content).toMatch(/^Well met, Ada Lovelace\. The fire is small/);
    expect(await usedToday(t, user.id)).toBe(20);

    // Given to the model like any reply.
    await setUsedToday(t, user.id, 0);
    await send(user, 'Thank you, knight', log.uuid);
    const sent = chatRequests(t).at(-1)!;
    expect(sent.messages[1]).toEqual({ role: 'assistant', content: log.conversation[0]!.content });
    expect(sent.messages[2]).toEqual({ role: 'user', content: 'Thank you, knight' });
    expect((await storedMessages(t, log.uuid)).map((m) => m.position)).toEqual([0, 1, 2]);

    // The History preview is the person's first line, not the greeting every chat shares.
    const list = await call(t, 'GET', `/api/chatlogs/filtered?userId=${user.id}&characterId=${SERAPHINE}`, {
      user,
    });
    const [summary] = (await list.json()) as TChatLogSummary[];
    expect(summary?.preview).toBe('Thank you, knight');
  });

  it("a card's alternate greetings: listed, picked by index, kept as alternatives to swipe", async () => {
    const user = await createSignedInUser(t.database, { name: 'Bo' });
    const character = await insertCharacter(db(), {
      userId: user.id,
      name: 'Mara',
      tagline: 'Innkeeper',
      description: 'An innkeeper.',
      greeting: 'Welcome, {{userName}}.',
      avatarUrl: null,
      voiceId: null,
      voiceDescription: null,
      card: {
        alternate_greetings: ['*polishes a cup* Back again, {{user}}?', 'Storm season, {{char}} says.'],
      },
    });
    const list = await call(t, 'GET', `/api/character-personas/${character.id}/greetings`, { user });
    expect(await list.json()).toEqual({
      greetings: ['Welcome, Bo.', '*polishes a cup* Back again, Bo?', 'Storm season, Mara says.'],
    });

    const res = await call(t, 'POST', '/api/chatlogs/greeting', {
      user,
      json: { characterId: character.id, greetingIndex: 1 },
    });
    const log = (await res.json()) as TChatLog;
    expect(log.conversation[0]).toMatchObject({
      content: '*polishes a cup* Back again, Bo?',
      alternativeCount: 3,
      chosen: 1,
    });
    const swiped = await call(t, 'PUT', msgUrl(log.uuid, 0, 'choice'), { user, json: { index: 2 } });
    expect(swiped.status).toBe(200);
    expect(((await swiped.json()) as TChatLog).conversation[0]?.content).toBe('Storm season, Mara says.');

    const other = await createSignedInUser(t.database);
    // Another person's private character: its greetings and a chat with it are not found.
    expect(
      (await call(t, 'GET', `/api/character-personas/${character.id}/greetings`, { user: other })).status,
    ).toBe(404);
    const foreign = await call(t, 'POST', '/api/chatlogs/greeting', {
      user: other,
      json: { characterId: character.id },
    });
    expect(foreign.status).toBe(404);
  });

  it('unhappy paths: signed out, malformed, an index past the greetings, a character without one', async () => {
    const user = await createSignedInUser(t.database);
    expect((await call(t, 'POST', '/api/chatlogs/greeting', { json: { characterId: 1 } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/character-personas/1/greetings')).status).toBe(401);
    expect((await call(t, 'GET', '/api/character-personas/abc/greetings', { user })).status).toBe(400);
    expect((await call(t, 'GET', '/api/character-personas/999999/greetings', { user })).status).toBe(404);
    const malformed = await call(t, 'POST', '/api/chatlogs/greeting', { user, json: { characterId: 'x' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'bad_request' });
    const past = await call(t, 'POST', '/api/chatlogs/greeting', {
      user,
      json: { characterId: SERAPHINE, greetingIndex: 1 },
    });
    expect(past.status).toBe(400);
    const plain = await insertCharacter(db(), {
      userId: user.id,
      name: 'Quiet',
      tagline: 'x',
      description: 'Says nothing first.',
      avatarUrl: null,
      voiceId: null,
      voiceDescription: null,
    });
    const none = await call(t, 'POST', '/api/chatlogs/greeting', { user, json: { characterId: plain.id } });
    expect(none.status).toBe(409);
    expect(await db().select().from(chatLogs).where(eq(chatLogs.userId, user.id))).toHaveLength(0);
  });
});

describe("the create form's Greeting", () => {
  const body = (avatarUrl: string, greeting?: unknown) => ({
    name: 'Wren',
    tagline: 'Keeps the lighthouse',
    description: 'You are Wren.',
    avatarUrl,
    greeting,
  });

  it('is optional, stored, opens the chat and is kept by the card export', async () => {
    const user = await createSignedInUser(t.database, { name: 'Cy' });
    const avatarUrl = await uploadAvatar(t, user);
    const res = await call(t, 'POST', '/api/character-personas', {
      user,
      json: body(avatarUrl, '  *tips hat* Ahoy, {{userName}}!  '),
    });
    expect(res.status).toBe(201);
    const { id, greeting } = (await res.json()) as { id: number; greeting: string };
    expect(greeting).toBe('*tips hat* Ahoy, {{userName}}!');
    const log = (await (
      await call(t, 'POST', '/api/chatlogs/greeting', { user, json: { characterId: id } })
    ).json()) as TChatLog;
    expect(log.conversation[0]?.content).toBe('*tips hat* Ahoy, Cy!');
    const card = await call(t, 'GET', `/api/character-cards/${id}?format=json&version=v2`, { user });
    expect(((await card.json()) as { data: { first_mes: string } }).data.first_mes).toBe(
      '*tips hat* Ahoy, {{user}}!',
    );

    const without = await call(t, 'POST', '/api/character-personas', { user, json: body(avatarUrl) });
    expect(without.status).toBe(201);
    expect(((await without.json()) as { greeting: string | null }).greeting).toBeNull();
    const tooLong = await call(t, 'POST', '/api/character-personas', {
      user,
      json: body(avatarUrl, 'g'.repeat(2001)),
    });
    expect(tooLong.status).toBe(400);
    const nul = await call(t, 'POST', '/api/character-personas', {
      user,
      json: body(avatarUrl, String.fromCharCode(0)),
    });
    expect(nul.status).toBe(400);
  });
});
