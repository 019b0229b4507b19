import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMp3 } from '../../test-support/mp3.ts';
import { dataOf, onlyOf, readReplyEvents } from '../../test-support/reply-events.ts';
import { setUpFliteEngine, setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';
import { insertCharacter } from '../db/queries/characters.ts';
import { characters, chatMessages, voiceClips } from '../db/schema.ts';

const SERAPHINE = 1;
const engine = setUpFliteEngine();
const t = setUpReplyTestApp({}, { voice: engine });
const me = setUpPerson(t);
const other = setUpPerson(t);

const create = async (json: unknown, user: TTestUser | undefined = me): Promise<Response> =>
  call(t, 'POST', '/api/voice/create', { user, json });

describe('POST /api/voice/create', () => {
  it('is for signed-in people only', async () => {
    const res = await call(t, 'POST', '/api/voice/create', {
      json: { text: 'Hi', voice_description: 'warm' },
    });
    expect(res.status).toBe(401);
  });

  it('needs both text and voice description (400 with a clear message)', async () => {
    for (const body of [
      { text: 'Hello' },
      { voice_description: 'deep male' },
      { text: '  ', voice_description: 'x' },
      {},
    ]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'bad_request',
        message: expect.stringContaining('Text and voice description are required'),
      });
    }
    expect((await create('{not json')).status).toBe(400);
    expect((await create({ text: 'a\u0000b', voice_description: 'x' })).status).toBe(400);
  });

  it('caps the text at 1,000 characters', async () => {
    const res = await create({ text: 'a'.repeat(1001), voice_description: 'deep male' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('1000');
  });

  it('answers decodable MP3 of plausible length, in the voice the description maps to', async () => {
    const res = await create({
      text: 'Hello! It is lovely to meet you at last.',
      voice_description: 'deep slow old man',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = readMp3(new Uint8Array(await res.arrayBuffer()));
    expect(mp3.durationSec).toBeGreaterThan(1.5);
    expect(mp3.durationSec).toBeLessThan(6);
    expect(JSON.parse(res.headers.get('x-voice-settings')!)).toMatchObject({ voice: 'kal16' });
  });

  it('uses the explicit settings of the create page when given', async () => {
    const res = await create({
      text: 'Settings win.',
      voice_description: 'deep male',
      settings: { voice: 'slt', pitch: 2, rate: 1.2 },
    });
    expect(JSON.parse(res.headers.get('x-voice-settings')!)).toEqual({ voice: 'slt', pitch: 2, rate: 1.2 });
    expect(
      (await create({ text: 'x', voice_description: 'y', settings: { voice: 'slt', pitch: 99, rate: 1 } }))
        .status,
    ).toBe(400);
  });

  it('stores the same text and settings once, under an unguessable name nothing lists', async () => {
    const body = { text: 'Content addressed speech.', voice_description: 'bright young woman' };
    const first = new Uint8Array(await (await create(body)).arrayBuffer());
    const second = new Uint8Array(await (await create(body)).arrayBuffer());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const rows = await t.database.db.select().from(voiceClips);
    const clip = rows.find((r) => r.bytes === first.length)!;
    expect(rows.filter((r) => r.bytes === first.length)).toHaveLength(1);
    expect(clip.url).toMatch(/^\/media\/audio\/[A-Za-z0-9]{32,}\.mp3$/);
    expect(clip.url).not.toContain('Content');
    const served = await t.app.request(clip.url);
    expect(served.status).toBe(200);
    expect((await t.app.request('/media/audio/')).status).toBe(404);
    expect((await t.app.request('/media/')).status).toBe(404);
  });

  it('twenty syntheses at once all complete while a plain API call stays fast', async () => {
    const finished: number[] = [];
    const started = performance.now();
    const voices = Array.from({ length: 20 }, (_, i) =>
      create({
        text: `Voice number ${i} is speaking a short sentence about the weather today.`,
        voice_description: i % 2 ? 'deep male' : 'high female',
      }).then(async (res) => {
        expect(res.status).toBe(200);
        readMp3(new Uint8Array(await res.arrayBuffer()));
        finished.push(performance.now() - started);
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const plainStart = performance.now();
    const plain = await call(t, 'GET', '/api/voice/voices?description=warm', { user: me });
    const plainMs = performance.now() - plainStart;
    expect(plain.status).toBe(200);
    await Promise.all(voices);
    expect(finished).toHaveLength(20);
    // The plain call answered while the syntheses were still running, and quickly.
    expect(plainStart - started + plainMs).toBeLessThan(Math.max(...finished));
    expect(plainMs).toBeLessThan(1000);
  });
});

describe('GET /api/voice/voices', () => {
  it("lists the engine's voices and the settings a description maps to", async () => {
    const res = await call(t, 'GET', '/api/voice/voices?description=deep%20slow%20man', { user: me });
    expect(await res.json()).toMatchObject({
      engine: 'flite',
      voices: expect.arrayContaining([{ id: 'slt', label: expect.any(String) }]),
      settings: { voice: 'kal16' },
      canTranscribe: false,
    });
    expect((await call(t, 'GET', '/api/voice/voices')).status).toBe(401);
  });
});

/** A stored chat of my message and Seraphine's reply (positions 0 and 1). */
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

const messagesOf = (uuid: string) =>
  t.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatLogUuid, uuid))
    .orderBy(asc(chatMessages.position));

describe('POST /api/voice/speak (an old message on demand)', () => {
  it('speaks a stored message in its character voice and keeps the audio URL with it', async () => {
    const log = await call(t, 'POST', '/api/chatlogs', {
      user: me,
      json: {
        userId: me.id,
        characterId: SERAPHINE,
        conversation: [
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: '*bows* Well met, traveller.' },
        ],
      },
    });
    const { uuid } = (await log.json()) as { uuid: string };
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
    const mine = await insertCharacter(t.database.db, {
      userId: me.id,
      name: 'Mine',
      tagline: 't',
      description: 'd',
      avatarUrl: null,
      voiceId: null,
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

describe('the character voice', () => {
  it('keeps the settings chosen on the create page with the character', async () => {
    const res = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: {
        name: 'Voiced',
        tagline: 'A test',
        description: 'Someone with a voice',
        avatarUrl: '/cast/avatars/ember.svg',
        voiceId: 'awb',
        voiceDescription: 'deep male',
        voiceSettings: { engine: 'flite', voice: 'awb', pitch: -3, rate: 0.9 },
      },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, id));
    expect(row!.voiceSettings).toEqual({ engine: 'flite', voice: 'awb', pitch: -3, rate: 0.9 });
    // A reply of this character speaks with those settings: the same file as a sample made with them.
    const sample = await create({
      text: 'Same voice.',
      voice_description: 'deep male',
      settings: { voice: 'awb', pitch: -3, rate: 0.9 },
    });
    const spoken = await call(t, 'POST', '/api/voice/speak', {
      user: me,
      json: { characterId: id, text: 'Same voice.' },
    });
    const { audioUrl } = await spoken.json();
    const served = await t.app.request(audioUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await sample.arrayBuffer()))).toBe(
      true,
    );
    const bad = await call(t, 'POST', '/api/character-personas', {
      user: me,
      json: {
        name: 'V',
        tagline: 't',
        description: 'd',
        avatarUrl: '/cast/avatars/ember.svg',
        voiceSettings: { engine: 'x' },
      },
    });
    expect(bad.status).toBe(400);
  });
});

describe('speakReply', () => {
  it('speaks what the character says, never the thoughts or the *stage directions*', async () => {
    const { speakReply } = await import('../services/voice/speak-reply.ts');
    const { createStorage } = await import('../storage/index.ts');
    async function* reply() {
      yield { type: 'thoughts' as const, text: 'A secret plan. ' };
      yield { type: 'delta' as const, text: '*smiles warmly* Hello there. ' };
      yield { type: 'delta' as const, text: 'Come in! *waves* Sit' };
      yield { type: 'delta' as const, text: ' down.' };
      yield {
        type: 'done' as const,
        response: {
          message: 'hi',
          reply: '*smiles warmly* Hello there. Come in! *waves* Sit down.',
          internalThoughts: 'A secret plan.',
          embedding: null,
          audioUrl: null,
          audioUrlForCloudflare: null,
          hist: '00000000-0000-4000-8000-000000000000',
          uuid: '00000000-0000-4000-8000-000000000000',
          remaining: null,
          isPartial: false,
        },
        positions: { messagePosition: 0, replyPosition: 1 },
      };
    }
    const deps = { db: t.database.db, engine, storage: createStorage(t.config), secret: t.config.authSecret };
    const events = [];
    for await (const e of speakReply(deps, reply(), { userId: me.id, characterId: SERAPHINE }))
      events.push(e);
    const audio = events
      .filter((e) => e.type === 'audio')
      .map((e) => (e.type === 'audio' ? e.data.text : ''));
    expect(audio).toEqual(['Hello there.', 'Come in!', 'Sit down.']);
    const done = events.at(-1)!;
    expect(done.type === 'done' && done.response.audioUrl).toMatch(/^\/media\/audio\//);
  });
});
