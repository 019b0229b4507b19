// The reply as a stream (Accept: text/event-stream): its events, what is stored, and a stream cut short.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { postReply, SERAPHINE } from '../../test-support/message-calls.ts';
import { dataOf, onlyOf, readReplyEvents } from '../../test-support/reply-events.ts';
import { resetFakeModel, storedMessages, usedToday } from '../../test-support/reply-test-app.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { chatLogs } from '../db/schema.ts';

const t = setUpReplyTestApp();
const me = setUpPerson(t, { name: 'Ada Lovelace' });
beforeEach(() => resetFakeModel(t));

const send = (user: TTestUser, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postReply(t, user, json, headers);
const userChatLogs = (userId: number) =>
  t.database.db.select().from(chatLogs).where(eq(chatLogs.userId, userId));

describe('streaming (Accept: text/event-stream)', () => {
  it('streams start, deltas and done, and stores the exchange', async () => {
    const res = await send(
      me,
      { userInput: 'Stream this to me please', chainOfThoughtEnabled: true },
      { accept: 'text/event-stream' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readReplyEvents(res);
    expect(events[0]).toMatchObject({
      event: 'start',
      data: { hist: expect.any(String), remaining: expect.any(Number), messagePosition: 0 },
    });
    const start = onlyOf(events, 'start');
    expect(dataOf(events, 'thoughts').map((d) => d.text)).toEqual([
      'They said "Stream this to me". I should listen.',
    ]);
    const deltas = dataOf(events, 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.text).join('')).toBe('Stream this to me… I hear you.');
    expect(events.at(-1)!.event).toBe('done');
    expect(onlyOf(events, 'done')).toMatchObject({
      reply: 'Stream this to me… I hear you.',
      internalThoughts: 'They said "Stream this to me". I should listen.',
      hist: start.hist,
      messagePosition: 0,
      replyPosition: 1,
    });
    expect(await storedMessages(t, start.hist)).toHaveLength(2);
  });

  it("tells where the person's message and the reply are stored, in a chat that already has messages", async () => {
    const user = await createSignedInUser(t.database);
    const first = onlyOf(
      await readReplyEvents(await send(user, { userInput: 'One' }, { accept: 'text/event-stream' })),
      'done',
    );
    const events = await readReplyEvents(
      await send(user, { userInput: 'Two', hist: first.hist }, { accept: 'text/event-stream' }),
    );
    expect(onlyOf(events, 'start').messagePosition).toBe(2);
    const done = onlyOf(events, 'done');
    expect(done).toMatchObject({ messagePosition: 2, replyPosition: 3 });
    const rows = await storedMessages(t, first.hist);
    expect(rows[done.messagePosition!]).toMatchObject({ role: 'user', content: 'Two' });
    expect(rows[done.replyPosition!]).toMatchObject({ role: 'assistant', content: done.reply });
  });

  it('a model failure is an error event; the message stays', async () => {
    t.fake.setMode('fail');
    const res = await send(me, { userInput: 'Fail please' }, { accept: 'text/event-stream' });
    const events = await readReplyEvents(res);
    expect(events.map((e) => e.event)).toEqual(['start', 'error']);
    expect(events[1]!.data).toMatchObject({ code: 'model_failed' });
    const messages = await storedMessages(t, onlyOf(events, 'start').hist);
    expect(messages.map((m) => m.content)).toEqual(['Fail please']);
  });

  it('a client that goes away stops the model and keeps what arrived', async () => {
    const user = await createSignedInUser(t.database);
    t.fake.setTokenDelay(60);
    const stop = new AbortController();
    const res = await t.app.request('/assistant-reply-openai', {
      method: 'POST',
      signal: stop.signal,
      headers: {
        origin: 'http://localhost:3000',
        cookie: user.cookie,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({
        userId: user.id,
        characterId: SERAPHINE,
        userInput: 'Please keep talking to me',
      }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    stop.abort();
    await reader.cancel().catch(() => {});

    let messages: Awaited<ReturnType<typeof storedMessages>> = [];
    for (let i = 0; i < 50 && messages.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const [log] = await userChatLogs(user.id);
      messages = log ? await storedMessages(t, log.uuid) : [];
    }
    expect(messages).toHaveLength(2);
    const partial = messages[1]!.content;
    expect(partial.length).toBeGreaterThan(0);
    expect('Please keep talking to… I hear you.'.startsWith(partial)).toBe(true);
    expect(partial).not.toBe('Please keep talking to… I hear you.');
    expect(await usedToday(t, user.id)).toBe(1);
  });
});
