import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TChatLog, TChatLogSummary, TReplyResponse } from '../../shared/chat.ts';
import { msgUrl, SERAPHINE, setUpMessageSuite } from '../../test-support/message-calls.ts';
import { onlyOf, readReplyEvents } from '../../test-support/reply-events.ts';
import { chatRequests, setUsedToday, storedMessages, usedToday } from '../../test-support/reply-test-app.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { CONTINUE_INSTRUCTION } from '../ai/prompt.ts';
import { chatLogs } from '../db/schema.ts';

// Regenerate and swipe, continue, edit, rewind and rate a stored message; every call's unhappy paths.
const { t, db, send } = setUpMessageSuite();

async function messageCount(uuid: string) {
  const [log] = await db().select().from(chatLogs).where(eq(chatLogs.uuid, uuid));
  return log?.messageCount;
}

/** A chat of two exchanges: positions 0 (me), 1 (reply), 2 (me), 3 (reply). */
async function twoExchanges(user: TTestUser) {
  const first = await send(user, 'The bridge washed out');
  await send(user, 'Where do we sleep tonight', first.hist);
  return first.hist;
}

describe('regenerate and swipe', () => {
  it('regenerate streams a new alternative of the latest reply, counts one message, and swipes between them', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const before = await usedToday(t, user.id);
    // The person's message changed, so the second answer differs from the first.
    await call(t, 'PUT', msgUrl(uuid, 2), { user, json: { content: 'Sing me a song instead' } });

    const res = await call(t, 'POST', msgUrl(uuid, 3, 'regenerate'), {
      user,
      json: {},
      headers: { accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const events = await readReplyEvents(res);
    expect(events[0]?.event).toBe('start');
    expect(onlyOf(events, 'start').messagePosition).toBeNull();
    expect(events.some((e) => e.event === 'delta')).toBe(true);
    expect(events.at(-1)!.event).toBe('done');
    const done = onlyOf(events, 'done');
    expect(done.reply).toBe('Sing me a song… I hear you.');
    // The reply regenerated is where the new one is stored; no new message of the person's.
    expect(done).toMatchObject({ messagePosition: null, replyPosition: 3 });
    expect(await usedToday(t, user.id)).toBe(before + 1);
    // The model was asked with the history up to the edited message, not the old reply.
    const sent = chatRequests(t).at(-1)!;
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Sing me a song instead' });
    expect(sent.messages.map((m) => m.content)).not.toContain('Where do we sleep… I hear you.');

    let rows = await storedMessages(t, uuid);
    expect(rows).toHaveLength(4);
    expect(await messageCount(uuid)).toBe(4);
    expect(rows[3]).toMatchObject({ content: 'Sing me a song… I hear you.', chosen: 1 });
    expect(rows[3]?.alternatives.map((a) => a.content)).toEqual([
      'Where do we sleep… I hear you.',
      'Sing me a song… I hear you.',
    ]);

    // Swipe back: the first alternative is chosen, and it is what the conversation continues from.
    const swiped = await call(t, 'PUT', msgUrl(uuid, 3, 'choice'), { user, json: { index: 0 } });
    expect(swiped.status).toBe(200);
    const page = (await swiped.json()) as TChatLog;
    expect(page.conversation.at(-1)).toMatchObject({
      content: 'Where do we sleep… I hear you.',
      alternativeCount: 2,
      chosen: 0,
    });
    await send(user, 'Goodnight', uuid);
    const next = chatRequests(t).at(-1)!;
    expect(next.messages.at(-2)).toEqual({ role: 'assistant', content: 'Where do we sleep… I hear you.' });
    rows = await storedMessages(t, uuid);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('JSON answer too; only the latest reply may be regenerated or swiped', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const json = await call(t, 'POST', msgUrl(uuid, 3, 'regenerate'), { user, json: { kind: 'remote' } });
    expect(json.status).toBe(200);
    expect(((await json.json()) as TReplyResponse).reply).toBe('Where do we sleep… I hear you.');

    const older = await call(t, 'POST', msgUrl(uuid, 1, 'regenerate'), { user, json: {} });
    expect(older.status).toBe(409);
    const mine = await call(t, 'POST', msgUrl(uuid, 2, 'regenerate'), { user, json: {} });
    expect(mine.status).toBe(409);
    const olderSwipe = await call(t, 'PUT', msgUrl(uuid, 1, 'choice'), { user, json: { index: 0 } });
    expect(olderSwipe.status).toBe(409);
    const pastEnd = await call(t, 'PUT', msgUrl(uuid, 3, 'choice'), { user, json: { index: 2 } });
    expect(pastEnd.status).toBe(400);
    expect((await storedMessages(t, uuid))[3]?.alternatives).toHaveLength(2);
  });

  it('over the daily limit: 429, no model call, nothing changes', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    await setUsedToday(t, user.id, 20);
    const requests = chatRequests(t).length;
    const res = await call(t, 'POST', msgUrl(uuid, 3, 'regenerate'), {
      user,
      json: {},
      headers: { accept: 'text/event-stream' },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await res.json()).toMatchObject({ code: 'rate_limited', remaining: 0 });
    expect(chatRequests(t).length).toBe(requests);
    expect((await storedMessages(t, uuid))[3]?.alternatives).toEqual([]);
    const cont = await call(t, 'POST', msgUrl(uuid, 3, 'continue'), { user, json: {} });
    expect(cont.status).toBe(429);
  });

  it('a failed model keeps the reply as it was and gives the message back', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const before = await usedToday(t, user.id);
    t.fake.setMode('fail');
    const res = await call(t, 'POST', msgUrl(uuid, 3, 'regenerate'), { user, json: {} });
    expect(res.status).toBe(502);
    expect(await usedToday(t, user.id)).toBe(before);
    expect((await storedMessages(t, uuid))[3]).toMatchObject({
      content: 'Where do we sleep… I hear you.',
      alternatives: [],
    });
  });
});

describe('continue', () => {
  it('appends the new words to the latest reply, asking the model to go on', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const res = await call(t, 'POST', msgUrl(uuid, 3, 'continue'), {
      user,
      json: {},
      headers: { accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const events = await readReplyEvents(res);
    expect(events.at(-1)?.event).toBe('done');
    expect(onlyOf(events, 'done')).toMatchObject({ messagePosition: null, replyPosition: 3 });
    const sent = chatRequests(t).at(-1)!;
    expect(sent.messages.at(-2)).toEqual({ role: 'assistant', content: 'Where do we sleep… I hear you.' });
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: CONTINUE_INSTRUCTION });
    const rows = await storedMessages(t, uuid);
    expect(rows).toHaveLength(4);
    expect(rows[3]?.content).toBe('Where do we sleep… I hear you. [Continue your last reply… I hear you.');
    const older = await call(t, 'POST', msgUrl(uuid, 1, 'continue'), { user, json: {} });
    expect(older.status).toBe(409);
  });
});

describe('edit, rewind, rate', () => {
  it("edit changes a message in place (mine or the character's); the context uses the new text", async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const res = await call(t, 'PUT', msgUrl(uuid, 0), { user, json: { content: '  The old bridge held  ' } });
    expect(res.status).toBe(200);
    const page = (await res.json()) as TChatLog;
    expect(page.conversation[0]?.content).toBe('The old bridge held');
    const reply = await call(t, 'PUT', msgUrl(uuid, 1), { user, json: { content: '*nods* Good.' } });
    expect(reply.status).toBe(200);
    await send(user, 'Onward', uuid);
    const sent = chatRequests(t).at(-1)!;
    expect(sent.messages.slice(1, 3)).toEqual([
      { role: 'user', content: 'The old bridge held' },
      { role: 'assistant', content: '*nods* Good.' },
    ]);
    const list = await call(t, 'GET', `/api/chatlogs/filtered?userId=${user.id}&characterId=${SERAPHINE}`, {
      user,
    });
    expect(((await list.json()) as TChatLogSummary[])[0]?.preview).toBe('The old bridge held');
    expect((await call(t, 'PUT', msgUrl(uuid, 99), { user, json: { content: 'x' } })).status).toBe(404);
  });

  it('rewind deletes a message and everything after; new messages take the freed positions', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const res = await call(t, 'DELETE', msgUrl(uuid, 2), { user });
    expect(res.status).toBe(200);
    const page = (await res.json()) as TChatLog;
    expect(page.conversation.map((m) => m.position)).toEqual([0, 1]);
    expect(page.messageCount).toBe(2);
    expect(await messageCount(uuid)).toBe(2);
    await send(user, 'Take the ford instead', uuid);
    const rows = await storedMessages(t, uuid);
    expect(rows.map((r) => [r.position, r.content])).toEqual([
      [0, 'The bridge washed out'],
      [1, 'The bridge washed out… I hear you.'],
      [2, 'Take the ford instead'],
      [3, 'Take the ford instead… I hear you.'],
    ]);
    expect(
      chatRequests(t)
        .at(-1)!
        .messages.map((m) => m.content),
    ).not.toContain('Where do we sleep tonight');
    expect((await call(t, 'DELETE', msgUrl(uuid, 4), { user })).status).toBe(404);
    // Rewinding to the start leaves an empty chat.
    expect((await call(t, 'DELETE', msgUrl(uuid, 0), { user })).status).toBe(200);
    expect(await storedMessages(t, uuid)).toHaveLength(0);
    expect(await messageCount(uuid)).toBe(0);
  });

  it('rate stores thumbs up or down on a reply, and clears it', async () => {
    const user = await createSignedInUser(t.database);
    const uuid = await twoExchanges(user);
    const up = await call(t, 'PUT', msgUrl(uuid, 1, 'rating'), { user, json: { rating: 'up' } });
    expect(up.status).toBe(200);
    expect(((await up.json()) as TChatLog).conversation[1]?.rating).toBe('up');
    await call(t, 'PUT', msgUrl(uuid, 3, 'rating'), { user, json: { rating: 'down' } });
    expect((await storedMessages(t, uuid)).map((r) => r.rating)).toEqual([null, 1, null, -1]);
    await call(t, 'PUT', msgUrl(uuid, 3, 'rating'), { user, json: { rating: null } });
    expect((await storedMessages(t, uuid))[3]?.rating).toBeNull();
    const mine = await call(t, 'PUT', msgUrl(uuid, 0, 'rating'), { user, json: { rating: 'up' } });
    expect(mine.status).toBe(409);
    const bad = await call(t, 'PUT', msgUrl(uuid, 1, 'rating'), { user, json: { rating: 5 } });
    expect(bad.status).toBe(400);
  });
});

describe('every call: signed out 401, another person 404, malformed 400', () => {
  const calls: [string, string, (uuid: string) => string, unknown][] = [
    ['regenerate', 'POST', (u) => msgUrl(u, 3, 'regenerate'), {}],
    ['continue', 'POST', (u) => msgUrl(u, 3, 'continue'), {}],
    ['swipe', 'PUT', (u) => msgUrl(u, 3, 'choice'), { index: 0 }],
    ['rate', 'PUT', (u) => msgUrl(u, 3, 'rating'), { rating: 'up' }],
    ['edit', 'PUT', (u) => msgUrl(u, 3), { content: 'Mine now' }],
    ['rewind', 'DELETE', (u) => msgUrl(u, 3), undefined],
  ];
  let owner: TTestUser;
  let stranger: TTestUser;
  let uuid: string;
  beforeAll(async () => {
    owner = await createSignedInUser(t.database);
    stranger = await createSignedInUser(t.database);
    uuid = await twoExchanges(owner);
  });

  for (const [name, method, url, json] of calls) {
    it(name, async () => {
      expect((await call(t, method, url(uuid), { json })).status).toBe(401);
      const foreign = await call(t, method, url(uuid), { user: stranger, json });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toMatchObject({ code: 'not_found' });
      const badUuid = await call(t, method, url('not-a-uuid'), { user: owner, json });
      expect(badUuid.status).toBe(400);
      const badPosition = await call(t, method, url(uuid).replace('/3', '/-1'), { user: owner, json });
      expect(badPosition.status).toBe(400);
      if (json !== undefined) {
        const broken = await call(t, method, url(uuid), { user: owner, json: '{"index":' });
        expect(broken.status).toBe(400);
        const extra = await call(t, method, url(uuid), {
          user: owner,
          json: { nope: true, ...(json as object) },
        });
        expect(extra.status).toBe(400);
        expect(await extra.json()).toMatchObject({ code: 'bad_request' });
      }
      const rows = await storedMessages(t, uuid);
      expect(rows).toHaveLength(4);
      expect(rows[3]).toMatchObject({
        content: 'Where do we sleep… I hear you.',
        rating: null,
        alternatives: [],
      });
    });
  }

  it('edit refuses an empty text and a NUL character', async () => {
    const empty = await call(t, 'PUT', msgUrl(uuid, 2), { user: owner, json: { content: '   ' } });
    expect(empty.status).toBe(400);
    const nul = await call(t, 'PUT', msgUrl(uuid, 2), {
      user: owner,
      json: { content: `a${String.fromCharCode(0)}b` },
    });
    expect(nul.status).toBe(400);
  });
});
