// Voice benchmark: (1) time from sending a message to the first byte of the reply's audio, for a
// 200-character reply streamed by a fake model at a realistic token rate, with voice playback on;
// (2) flite synthesis speed: seconds of audio made per second of CPU (the worker threads included).
// Run: npm run bench:voice [-- --runs 5 --token-delay 30 --syntheses 20]
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { sessions, users } from '../src/server/db/schema.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { createFliteEngine } from '../src/server/voice/flite-engine.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    // About 30 tokens a second: a hosted model's usual streaming pace.
    'token-delay': { type: 'string', default: '33' },
    syntheses: { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const tokenDelayMs = Number(values['token-delay']);

/** About 200 characters in four sentences, as a character might answer. */
const REPLY =
  'Well met, traveller. The fire is small tonight, but it is warm enough for two. ' +
  'Sit down and rest your feet; the road north can wait until the morning comes. Tell me, dear traveller, where are you headed?';

/** An OpenAI-compatible chat server that streams REPLY word by word at the token rate. */
async function startModel() {
  const server = createServer(async (req, res) => {
    for await (const _ of req);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const token of REPLY.match(/\s*\S+/g) ?? []) {
      const chunk = { choices: [{ index: 0, delta: { content: token }, finish_reason: null }] };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      await new Promise((r) => setTimeout(r, tokenDelayMs));
    }
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

async function firstAudioByte() {
  const model = await startModel();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-voice-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    LOG_LEVEL: 'silent',
    OPENAI_BASE_URL: model.url,
    OPENAI_API_KEY: 'bench-key',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    FREE_DAILY_MESSAGES: '1000',
  });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const [person] = await database.db
    .insert(users)
    .values({
      email: `voice-${randomBytes(3).toString('hex')}@example.com`,
      username: 'voice_bench',
      name: 'Bench',
    })
    .returning({ id: users.id });
  const token = randomBytes(24).toString('hex');
  await database.db
    .insert(sessions)
    .values({ sessionToken: token, userId: person!.id, expires: new Date(Date.now() + 3.6e6) });
  const engine = createFliteEngine();
  const app = createApp({ config, database, logger: createLogger('silent'), voice: engine });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { cookie: `authjs.session-token=${token}`, origin: 'http://127.0.0.1:1' };

  const rows: { firstText: number; firstAudioEvent: number; firstAudioByte: number; done: number }[] = [];
  // The first run warms the worker pool (flite's WASM compile); it is reported apart.
  for (let run = 0; run <= runs; run++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/assistant-reply-openai`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      // A new chat each time, so no speech is found stored from the run before.
      body: JSON.stringify({
        userId: person!.id,
        characterId: 1 + (run % 18),
        userInput: `Hello ${run}`,
        isPlayingAudio: true,
      }),
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let firstText = 0;
    let firstAudioEvent = 0;
    let audioByte: Promise<number> | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const now = performance.now() - t0;
      if (!firstText && buffer.includes('event: delta')) firstText = now;
      const audio = /event: audio\ndata: (.*)\n/.exec(buffer);
      if (!firstAudioEvent && audio) {
        firstAudioEvent = now;
        const { url } = JSON.parse(audio[1]!) as { url: string };
        audioByte = fetch(`${base}${url}`).then(async (r) => {
          const body = r.body!.getReader();
          await body.read();
          const at = performance.now() - t0;
          await body.cancel();
          return at;
        });
      }
    }
    const total = performance.now() - t0;
    rows.push({
      firstText,
      firstAudioEvent,
      firstAudioByte: audioByte ? await audioByte : Number.NaN,
      done: total,
    });
  }
  server.close();
  model.server.close();
  await engine.close();
  await database.close();
  return rows;
}

async function synthesisSpeed() {
  const engine = createFliteEngine();
  const sentence = (i: number) =>
    `Sentence number ${i}: the quick brown fox jumps over the lazy dog, then rests by the river for a while.`;
  // Warm the pool first.
  await engine.generate({
    text: sentence(0),
    settings: { voice: 'slt', pitch: 0, rate: 1 },
    description: '',
  });
  const n = Number(values.syntheses);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const speeches = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      engine.generate({
        text: sentence(i + 1),
        settings: { voice: i % 2 ? 'awb' : 'slt', pitch: i % 3, rate: 1 },
        description: '',
      }),
    ),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSec = (cpu.user + cpu.system) / 1e6;
  const audioSec = speeches.reduce((s, x) => s + x.pcm!.samples.length / x.pcm!.sampleRate, 0);
  const mp3Bytes = speeches.reduce((s, x) => s + x.bytes.length, 0);
  const wavBytes = speeches.reduce((s, x) => s + x.pcm!.samples.length * 2, 0);
  await engine.close();
  return { n, audioSec, cpuSec, wall, mp3Bytes, wavBytes };
}

const ms = (x: number) => `${Math.round(x)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(
  `cores: ${os.availableParallelism()}, token delay ${tokenDelayMs} ms, reply ${REPLY.length} characters`,
);
const rows = await firstAudioByte();
const [cold, ...warm] = rows;
console.log(
  `cold run (worker not warmed; the server warms it at start): first text ${ms(cold!.firstText)}, first audio event ${ms(cold!.firstAudioEvent)}, first audio byte ${ms(cold!.firstAudioByte)}, reply done ${ms(cold!.done)}`,
);
console.log(
  `warm (median of ${warm.length}): first text ${ms(median(warm.map((r) => r.firstText)))}, first audio event ${ms(median(warm.map((r) => r.firstAudioEvent)))}, first audio byte ${ms(median(warm.map((r) => r.firstAudioByte)))}, reply done ${ms(median(warm.map((r) => r.done)))}`,
);
const s = await synthesisSpeed();
console.log(
  `flite: ${s.n} syntheses at once, ${s.audioSec.toFixed(1)} s of audio in ${s.wall.toFixed(2)} s wall, ${s.cpuSec.toFixed(2)} s CPU → ${(s.audioSec / s.cpuSec).toFixed(1)} s of audio per CPU second; MP3 is ${((100 * s.mp3Bytes) / s.wavBytes).toFixed(0)}% of the WAV size`,
);
