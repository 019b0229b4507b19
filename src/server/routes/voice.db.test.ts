import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMp3 } from '../../test-support/mp3.ts';
import { setUpFliteEngine, setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';
import { characters, voiceClips } from '../db/schema.ts';

const SERAPHINE = 1;
const engine = setUpFliteEngine();
const t = setUpReplyTestApp({}, { voice: engine });
const me = setUpPerson(t);
const _other = setUpPerson(t);

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
