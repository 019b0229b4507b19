import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeElevenLabs, startFakeOpenAISpeech } from '../../test-support/fake-speech-servers.ts';
import { setUpBuilt, setUpPerson } from '../../test-support/set-up.ts';
import { call, createTestApp } from '../../test-support/test-app.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { characters } from '../db/schema.ts';
import { createFliteEngine } from './flite-engine.ts';

let mp3: Buffer;
beforeAll(async () => {
  const flite = createFliteEngine({ threads: 1 });
  mp3 = Buffer.from(
    (
      await flite.generate({
        text: 'A real sample.',
        settings: { voice: 'slt', pitch: 0, rate: 1 },
        description: '',
      })
    ).bytes,
  );
  await flite.close();
});

describe('TTS_ENGINE=openai (OpenAI-compatible /v1/audio/speech)', () => {
  const server = setUpBuilt(() => startFakeOpenAISpeech({ apiKey: 'sk-voice', mp3 }));
  const t = setUpBuilt(() =>
    createTestApp({
      TTS_ENGINE: 'openai',
      TTS_OPENAI_BASE_URL: `${server.url}/v1`,
      TTS_OPENAI_API_KEY: 'sk-voice',
    }),
  );
  const me = setUpPerson(t);

  it('sends the description as instructions and the voice it maps to', async () => {
    const res = await call(t, 'POST', '/api/voice/create', {
      user: me,
      json: { text: 'Good evening.', voice_description: 'a deep, slow, gravelly old man' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(mp3)).toBe(true);
    expect(server.requests.at(-1)!.body).toMatchObject({
      model: 'gpt-4o-mini-tts',
      input: 'Good evening.',
      voice: 'onyx',
      instructions: 'a deep, slow, gravelly old man',
      response_format: 'mp3',
    });
    expect(server.requests.at(-1)!.body.speed).toBeLessThan(0.9);
  });

  it("speaks a character's reply in its mapped voice ('bright young woman' → a female voice)", async () => {
    const mine = await insertTestCharacter(t.database.db, {
      userId: me.id,
      name: 'Bright',
      voiceDescription: 'bright cheerful young woman, fast',
    });
    const res = await call(t, 'POST', '/api/voice/speak', {
      user: me,
      json: { characterId: mine.id, text: 'Hi there!' },
    });
    expect(res.status).toBe(200);
    expect(server.requests.at(-1)!.body).toMatchObject({
      voice: expect.stringMatching(/^(nova|shimmer)$/),
      instructions: 'bright cheerful young woman, fast',
    });
  });

  it('refuses to start without its key', async () => {
    await expect(createTestApp({ TTS_ENGINE: 'openai' })).rejects.toThrow(/TTS_OPENAI_API_KEY/);
  });
});

describe('TTS_ENGINE=elevenlabs (voice ids, voice design)', () => {
  const server = setUpBuilt(() => startFakeElevenLabs({ apiKey: 'xi-test', mp3 }));
  const t = setUpBuilt(() =>
    createTestApp({
      TTS_ENGINE: 'elevenlabs',
      TTS_ELEVENLABS_BASE_URL: server.url,
      TTS_ELEVENLABS_API_KEY: 'xi-test',
    }),
  );
  const me = setUpPerson(t);

  it("designs a voice from the character's description once, keeps its id with the character, and speaks with it", async () => {
    const mine = await insertTestCharacter(t.database.db, {
      userId: me.id,
      name: 'Gravel',
      voiceDescription: 'a deep, slow, gravelly old man',
    });
    const speak = () =>
      call(t, 'POST', '/api/voice/speak', { user: me, json: { characterId: mine.id, text: 'Hello.' } });
    expect((await speak()).status).toBe(200);
    const design = server.requests.find((r) => r.path === '/v1/text-to-voice/design')!;
    expect(design.body).toMatchObject({ voice_description: 'a deep, slow, gravelly old man' });
    const kept = server.requests.find((r) => r.path === '/v1/text-to-voice')!;
    const voiceId = `voice-${String(kept.body.generated_voice_id)}`;
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, mine.id));
    expect(row!.voiceSettings).toMatchObject({ engine: 'elevenlabs', voice: voiceId });
    expect(server.requests.at(-1)!.path).toMatch(new RegExp(`^/v1/text-to-speech/${voiceId}\\?`));
    expect(server.requests.at(-1)!.body).toMatchObject({ text: 'Hello.' });

    const designs = server.requests.filter((r) => r.path === '/v1/text-to-voice/design').length;
    await call(t, 'POST', '/api/voice/speak', {
      user: me,
      json: { characterId: mine.id, text: 'Again, something new.' },
    });
    expect(server.requests.filter((r) => r.path === '/v1/text-to-voice/design')).toHaveLength(designs);
    expect(server.requests.at(-1)!.path).toContain(voiceId);
  });
  it('designs a voice for a character saved from the create page with a premade voice', async () => {
    const saved = await insertTestCharacter(t.database.db, {
      userId: me.id,
      name: 'Saved',
      voiceDescription: 'bright cheerful young woman',
      voiceSettings: { engine: 'elevenlabs', voice: '21m00Tcm4TlvDq8ikWAM', pitch: 0, rate: 1.1 },
    });
    const res = await call(t, 'POST', '/api/voice/speak', {
      user: me,
      json: { characterId: saved.id, text: 'Designed for me.' },
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, saved.id));
    expect(row!.voiceSettings).toMatchObject({
      engine: 'elevenlabs',
      voice: expect.stringMatching(/^voice-gen-/),
      rate: 1.1,
    });
    expect(server.requests.at(-1)!.path).toContain(row!.voiceSettings!.voice);
  });
});
