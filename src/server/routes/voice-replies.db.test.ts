// Speech with replies: an old message spoken on demand (kept with the reply by chat and position, only
// the person's own), and a reply spoken as it is made when voice playback is on.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMp3 } from '../../test-support/mp3.ts';
import { dataOf, onlyOf, readReplyEvents } from '../../test-support/reply-events.ts';
import { storedMessages } from '../../test-support/reply-test-app.ts';
import { setUpFliteEngine, setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { chatMessages, voiceClips } from '../db/schema.ts';

const SERAPHINE = 1;
const t = setUpReplyTestApp({}, { voice: setUpFliteEngine() });
const me = setUpPerson(t);
const other = setUpPerson(t);

async function storedExchange(mine: string, reply: string): Promise<string> {
  const log = await call(t, 'POST', '/api/chatlogs', {
    user: me,
    json: {
      userId: me.id,
      characterId: SERAPHINE,
      conversation: [
        { role: 'user', content: mine },
        { role: 'assistant', content: reply },
      ],
    },
  });
  return ((await log.json()) as { uuid: string }).uuid;
}

const messagesOf = (uuid: string) => storedMessages(t, uuid);

describe('POST /api/voice/speak (an old message on demand)', () => {
  it('speaks a stored message in its character voice and keeps the audio URL with it', async () => {
    const uuid = await storedExchange('Hello', '*bows* Well met, traveller.');
    const [assistant] = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatLogUuid, uuid))
      .then((rows) => rows.filter((r) => r.role === 'assistant'));
    const res = await call(t, 'POST', '/api/voice/speak', {
      user: me,
      json: { characterId: SERAPHINE, text: assistant!.content, hist: uuid, position: assistant!.position },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.audioUrl).toMatch(/^\/media\/audio\//);
    expect(body.audioUrlForCloudflare).toBe(body.audioUrl);
    const [after] = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatLogUuid, uuid))
      .then((rows) => rows.filter((r) => r.role === 'assistant'));
    expect(after!.audioUrl).toBe(body.audioUrl);
  });

  it('someone else cannot attach audio to my reply (404), and my reply keeps its own', async () => {
    const uuid = await storedExchange('Hello', 'Mine to keep.');
    const mine = await call(t, 'POST', '/api/voice/speak', {
      user: me,
      json: { characterId: SERAPHINE, text: 'Mine to keep.', hist: uuid, position: 1 },
    });
    const { audioUrl } = (await mine.json()) as { audioUrl: string };
    const clipsBefore = await t.database.db.select().from(voiceClips);
    const theirs = await call(t, 'POST', '/api/voice/speak', {
      user: other,
      json: { characterId: SERAPHINE, text: 'Different words.', hist: uuid, position: 1 },
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: 'not_found' });
    const rows = await messagesOf(uuid);
    expect(rows.map((r) => r.audioUrl)).toEqual([null, audioUrl]);
    // The refusal comes before any speech is made: no clip of their words is kept anywhere.
    expect(await t.database.db.select().from(voiceClips)).toEqual(clipsBefore);
  });

  it('attaches by chat and position to a reply only; without a position the speech is answered, kept nowhere', async () => {
    const uuid = await storedExchange('Hi', 'Just sent.');
    const speak = (json: Record<string, unknown>) =>
      call(t, 'POST', '/api/voice/speak', { user: me, json: { characterId: SERAPHINE, ...json } });
    const loose = await speak({ text: 'Just sent.', hist: uuid });
    expect(loose.status).toBe(200);
    expect((await messagesOf(uuid)).map((r) => r.audioUrl)).toEqual([null, null]);
    // The person's own message (position 0) and a position past the end are no reply to keep it with.
    expect((await speak({ text: 'Hi', hist: uuid, position: 0 })).status).toBe(404);
    expect((await speak({ text: 'Just sent.', hist: uuid, position: 7 })).status).toBe(404);
    const kept = await speak({ text: 'Just sent.', hist: uuid, position: 1 });
    const { audioUrl } = (await kept.json()) as { audioUrl: string };
    expect((await messagesOf(uuid)).map((r) => r.audioUrl)).toEqual([null, audioUrl]);
  });

  it("refuses another person's character (404), bad bodies (400) and the signed-out (401)", async () => {
    const mine = await insertTestCharacter(t.database.db, {
      userId: me.id,
      name: 'Mine',
      voiceDescription: 'deep male',
    });
    const speak = (user: TTestUser | undefined, json: unknown) =>
      call(t, 'POST', '/api/voice/speak', { user, json });
    expect((await speak(other, { characterId: mine.id, text: 'Hi' })).status).toBe(404);
    expect((await speak(me, { characterId: mine.id, text: 'Hi' })).status).toBe(200);
    expect((await speak(me, { characterId: mine.id })).status).toBe(400);
    expect((await speak(me, { characterId: mine.id, text: 'x'.repeat(5001) })).status).toBe(400);
    expect((await speak(me, { characterId: mine.id, text: '*waves*' })).status).toBe(400);
    expect((await speak(undefined, { characterId: mine.id, text: 'Hi' })).status).toBe(401);
  });
});

describe('a reply with voice playback on', () => {
  const send = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(t, 'POST', '/assistant-reply-openai', {
      user: me,
      json: { userId: me.id, characterId: SERAPHINE, isPlayingAudio: true, ...json },
      headers,
    });

  it('stores its audio URL on the message, answers it as audioUrl and audioUrlForCloudflare, and serves it', async () => {
    const res = await send({ userInput: 'Tell me about Thistle' });
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply.audioUrl).toMatch(/^\/media\/audio\/[A-Za-z0-9]+\.mp3$/);
    expect(reply.audioUrlForCloudflare).toBe(reply.audioUrl);
    const stored = await t.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatLogUuid, reply.hist));
    expect(stored.find((m) => m.role === 'assistant')!.audioUrl).toBe(reply.audioUrl);
    const served = await t.app.request(reply.audioUrl);
    expect(served.status).toBe(200);
    const mp3 = readMp3(new Uint8Array(await served.arrayBuffer()));
    expect(mp3.durationSec).toBeGreaterThan(1);
  });

  it('with playback off there is no audio', async () => {
    const reply = await (await send({ userInput: 'Quietly now', isPlayingAudio: false })).json();
    expect(reply.audioUrl).toBeNull();
  });

  it('streams each sentence as an audio event before done, never the thoughts; done has the whole', async () => {
    t.fake.setTokenDelay(20);
    const res = await send(
      { userInput: 'Speak while you write', chainOfThoughtEnabled: true },
      { accept: 'text/event-stream' },
    );
    const events = await readReplyEvents(res);
    t.fake.setTokenDelay(0);
    const audio = dataOf(events, 'audio');
    expect(audio.map((a) => a.text)).toEqual(['Speak while you write…', 'I hear you.']);
    expect(audio.map((a) => a.index)).toEqual([0, 1]);
    expect(events.at(-1)!.event).toBe('done');
    const done = onlyOf(events, 'done');
    expect(events.findIndex((e) => e.event === 'audio')).toBeLessThan(events.length - 1);
    for (const a of audio) expect((await t.app.request(a.url)).status).toBe(200);
    // The whole reply is one file, as long as its sentences together, kept with the reply where it is stored.
    const whole = readMp3(new Uint8Array(await (await t.app.request(done.audioUrl!)).arrayBuffer()));
    const [kept] = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatLogUuid, done.hist), eq(chatMessages.position, done.replyPosition!)));
    expect(kept).toMatchObject({ role: 'assistant', audioUrl: done.audioUrl });
    let parts = 0;
    for (const a of audio)
      parts += readMp3(new Uint8Array(await (await t.app.request(a.url)).arrayBuffer())).durationSec;
    expect(Math.abs(whole.durationSec - parts)).toBeLessThan(0.4);
    expect(JSON.stringify(audio)).not.toContain('I should listen');
  });
});
