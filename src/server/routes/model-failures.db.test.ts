// When the model fails: a model killed mid-reply keeps what arrived (stored, marked as cut off, and Continue
// or Retry go on from it); a model that is set up but down is "did not answer", never "no model"; with no
// model set up the person's message is kept. Every refusal keeps what was sent and gives today's slot back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TChatLog, TReplyResponse, TReplyStreamEvent } from '../../shared/chat.ts';
import { MODEL_DID_NOT_ANSWER, NO_MODEL_YET, type TModelsStatusResponse } from '../../shared/models.ts';
import { startFakeOpenAI, type TFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { onlyOf, readReplyEvents } from '../../test-support/reply-events.ts';
import {
  makeChat,
  NOWHERE,
  setUsedToday,
  storedMessages,
  usedToday,
} from '../../test-support/reply-test-app.ts';
import type { TTestUser } from '../../test-support/test-app.ts';
import { call, createSignedInUser, createTestApp, type TTestApp } from '../../test-support/test-app.ts';
import { chatLogs } from '../db/schema.ts';

const SERAPHINE = 1;

const replyTo = (t: TTestApp, user: TTestUser, json: Record<string, unknown>, stream = false) =>
  call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, ...json },
    headers: stream ? { accept: 'text/event-stream' } : {},
  });

const chatLog = async (t: TTestApp, user: TTestUser, uuid: string) =>
  (await (await call(t, 'GET', `/api/chatlogs/${uuid}`, { user })).json()) as TChatLog;

describe('a model killed mid-reply', () => {
  let fake: TFakeOpenAI;
  let t: TTestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({ OPENAI_BASE_URL: fake.url, OLLAMA_BASE_URL: NOWHERE });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setMode('ok');
    fake.setTokenDelay(0);
  });

  /** Sends with the model dying after its second word; the answer is read before the model is back. */
  async function cutOff(user: TTestUser): Promise<TReplyResponse>;
  async function cutOff(user: TTestUser, stream: true): Promise<TReplyStreamEvent[]>;
  async function cutOff(user: TTestUser, stream = false) {
    fake.setMode('drop');
    fake.setTokenDelay(20); // the first words reach the server before the cut
    try {
      const res = await replyTo(t, user, { userInput: 'One two three four five' }, stream);
      expect(res.status).toBe(200);
      return stream ? await readReplyEvents(res) : await res.json();
    } finally {
      fake.setMode('ok');
      fake.setTokenDelay(0);
    }
  }

  it('keeps what arrived, stored and marked as cut off, and gives the slot back', async () => {
    const user = await createSignedInUser(t.database);
    const body = await cutOff(user);
    expect(body).toMatchObject({ reply: 'One two', isCutOff: true, isPartial: true, remaining: 20 });
    expect((await storedMessages(t, body.hist)).map((m) => [m.role, m.content, m.isCutOff])).toEqual([
      ['user', 'One two three four five', false],
      ['assistant', 'One two', true],
    ]);
    expect(await usedToday(t, user.id)).toBe(0);
    // After a reload: the message list says which reply was cut off.
    const log = await chatLog(t, user, body.hist);
    expect(log.conversation.map((m) => [m.content, m.isCutOff])).toEqual([
      ['One two three four five', false],
      ['One two', true],
    ]);
  });

  it('streams the words, then done marked as cut off (no error event)', async () => {
    const user = await createSignedInUser(t.database);
    const events = await cutOff(user, true);
    expect(events.map((e) => e.event)).toEqual(['start', 'delta', 'delta', 'done']);
    expect(onlyOf(events, 'done')).toMatchObject({ reply: 'One two', isCutOff: true, replyPosition: 1 });
    const messages = await storedMessages(t, onlyOf(events, 'start').hist);
    expect(messages.map((m) => m.isCutOff)).toEqual([false, true]);
  });

  it('Continue goes on from the cut-off words and clears the mark', async () => {
    const user = await createSignedInUser(t.database);
    const { hist } = await cutOff(user);
    const res = await call(t, 'POST', `/api/chatlogs/${hist}/messages/1/continue`, { user, json: {} });
    expect(res.status).toBe(200);
    const [, reply] = await storedMessages(t, hist);
    expect(reply!.content.startsWith('One two ')).toBe(true);
    expect(reply!.content.length).toBeGreaterThan('One two '.length);
    expect(reply!.isCutOff).toBe(false);
    expect((await chatLog(t, user, hist)).conversation[1]!.isCutOff).toBe(false);
  });

  it('Retry answers again as a new version; swiping back shows the cut-off one marked again', async () => {
    const user = await createSignedInUser(t.database);
    const { hist } = await cutOff(user);
    const res = await call(t, 'POST', `/api/chatlogs/${hist}/messages/1/regenerate`, { user, json: {} });
    expect(res.status).toBe(200);
    let log = await chatLog(t, user, hist);
    expect(log.conversation[1]).toMatchObject({
      content: 'One two three four… I hear you.',
      isCutOff: false,
      alternativeCount: 2,
      chosen: 1,
    });
    const swipe = await call(t, 'PUT', `/api/chatlogs/${hist}/messages/1/choice`, {
      user,
      json: { index: 0 },
    });
    expect(swipe.status).toBe(200);
    log = await chatLog(t, user, hist);
    expect(log.conversation[1]).toMatchObject({ content: 'One two', isCutOff: true, chosen: 0 });
    // An edit makes the text the person's own: no longer marked.
    const edit = await call(t, 'PUT', `/api/chatlogs/${hist}/messages/1`, {
      user,
      json: { content: 'One two, and then silence.' },
    });
    expect(edit.status).toBe(200);
    expect((await chatLog(t, user, hist)).conversation[1]!.isCutOff).toBe(false);
  });

  it('a continue the model cuts off again stays marked', async () => {
    const user = await createSignedInUser(t.database);
    const { hist } = await cutOff(user);
    fake.setMode('drop');
    fake.setTokenDelay(20);
    const res = await call(t, 'POST', `/api/chatlogs/${hist}/messages/1/continue`, { user, json: {} });
    expect(res.status).toBe(200);
    const [, reply] = await storedMessages(t, hist);
    expect(reply!.content.length).toBeGreaterThan('One two'.length);
    expect(reply!.isCutOff).toBe(true);
  });

  it('a model that dies before its first word is "did not answer" (503), never "no model"', async () => {
    const user = await createSignedInUser(t.database);
    // The model answered a moment ago (its availability is remembered a few seconds), then went down.
    expect((await replyTo(t, user, { userInput: 'Still there?' })).status).toBe(200);
    fake.setMode('down');
    const res = await replyTo(t, user, { userInput: 'Hello again' }, true);
    const events = await readReplyEvents(res);
    expect(events.map((e) => e.event)).toEqual(['start', 'error']);
    expect(onlyOf(events, 'error')).toMatchObject({
      code: 'model_not_answering',
      message: MODEL_DID_NOT_ANSWER,
    });
    const messages = await storedMessages(t, onlyOf(events, 'start').hist);
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: 'Hello again' });
    expect(await usedToday(t, user.id)).toBe(1);
  });
});

describe('a model that is set up but not running', () => {
  let t: TTestApp;
  let user: TTestUser;
  beforeAll(async () => {
    t = await createTestApp({ OPENAI_BASE_URL: `${NOWHERE}/v1`, OLLAMA_BASE_URL: NOWHERE });
    user = await createSignedInUser(t.database);
  });
  afterAll(() => t.close());

  it('answers 503 model_not_answering, tells no operator advice, and keeps the message', async () => {
    const res = await replyTo(t, user, { userInput: 'Are you awake?' });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toMatchObject({
      code: 'model_not_answering',
      message: MODEL_DID_NOT_ANSWER,
      hist: expect.any(String),
      remaining: 20,
    });
    expect(body.message).not.toMatch(/OPENAI|Ollama|download/);
    expect((await storedMessages(t, body.hist)).map((m) => m.content)).toEqual(['Are you awake?']);
    expect(await usedToday(t, user.id)).toBe(0);
    // A retry answers the stored message: still down, and still stored once.
    const again = await replyTo(t, user, { userInput: 'Are you awake?', hist: body.hist, retry: true });
    expect(again.status).toBe(503);
    expect(await storedMessages(t, body.hist)).toHaveLength(1);
  });

  it('says a model is set up (the chat shows no "no model" notice)', async () => {
    const res = await call(t, 'GET', '/api/models/status', { user });
    expect(((await res.json()) as TModelsStatusResponse).hasChatModel).toBe(true);
  });

  it('regenerate and continue are refused the same way, changing nothing', async () => {
    const uuid = await makeChat(t, user, SERAPHINE, ['Hi', 'Hello']);
    for (const action of ['regenerate', 'continue']) {
      const res = await call(t, 'POST', `/api/chatlogs/${uuid}/messages/1/${action}`, { user, json: {} });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'model_not_answering' });
    }
    expect((await storedMessages(t, uuid)).map((m) => m.content)).toEqual(['Hi', 'Hello']);
  });
});

describe('with no model set up', () => {
  let t: TTestApp;
  let other: TTestUser;
  beforeAll(async () => {
    t = await createTestApp({ OLLAMA_BASE_URL: NOWHERE });
    other = await createSignedInUser(t.database);
  });
  afterAll(() => t.close());

  it('the status says so, to signed-in people only', async () => {
    const user = await createSignedInUser(t.database);
    const res = await call(t, 'GET', '/api/models/status', { user });
    expect(((await res.json()) as TModelsStatusResponse).hasChatModel).toBe(false);
    expect((await call(t, 'GET', '/api/models/status')).status).toBe(401);
  });

  it('keeps the first message (a reload shows it) and answers 503 model_unavailable in plain words', async () => {
    const user = await createSignedInUser(t.database);
    for (const stream of [false, true]) {
      const res = await replyTo(t, user, { userInput: `Anyone there? ${stream}` }, stream);
      let hist: string;
      if (stream) {
        const events = await readReplyEvents(res);
        expect(events.map((e) => e.event)).toEqual(['start', 'error']);
        expect(onlyOf(events, 'error')).toMatchObject({ code: 'model_unavailable', message: NO_MODEL_YET });
        expect(onlyOf(events, 'start')).toMatchObject({ messagePosition: 0 });
        hist = onlyOf(events, 'start').hist;
      } else {
        expect(res.status).toBe(503);
        const body = await res.json();
        expect(body).toMatchObject({ code: 'model_unavailable', message: NO_MODEL_YET, remaining: 20 });
        hist = body.hist;
      }
      const log = await chatLog(t, user, hist);
      expect(log.conversation.map((m) => [m.role, m.content])).toEqual([['user', `Anyone there? ${stream}`]]);
    }
    expect(await usedToday(t, user.id)).toBe(0);
  });

  it("refuses another person's chat (404), a used-up day (429) and bad bodies (400), storing nothing", async () => {
    const user = await createSignedInUser(t.database);
    const first = await (await replyTo(t, user, { userInput: 'Mine' })).json();
    const theirs = await replyTo(t, other, { userInput: 'Let me in', hist: first.hist });
    expect(theirs.status).toBe(404);
    expect(await storedMessages(t, first.hist)).toHaveLength(1);

    await setUsedToday(t, user.id, 20);
    const limited = await replyTo(t, user, { userInput: 'One more', hist: first.hist });
    expect(limited.status).toBe(429);
    expect(await storedMessages(t, first.hist)).toHaveLength(1);

    const bad = await replyTo(t, other, { userInput: '   ' });
    expect(bad.status).toBe(400);
    const signedOut = await call(t, 'POST', '/assistant-reply-openai', {
      json: { userId: other.id, characterId: SERAPHINE, userInput: 'hi' },
    });
    expect(signedOut.status).toBe(401);
    const logs = await t.database.db.select().from(chatLogs).where(eq(chatLogs.userId, other.id));
    expect(logs).toHaveLength(0);
  });
});
