// Load test: many concurrent streamed chats (SSE) through a real Kindred server against the fake
// OpenAI-compatible model server, compared with the same load sent straight to the fake model. The
// model server, the Kindred server and this load generator run as three processes.
// Run: npm run bench:chat [-- --chats 200 --turns 5 --token-delay 20]   (DATABASE_URL set: Postgres)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { startNodeFlags } from '../src/test-support/start-flags.ts';
import { makeSignedInPeople } from './support/signed-in-people.ts';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'load' },
    chats: { type: 'string', default: '200' },
    turns: { type: 'string', default: '5' },
    'token-delay': { type: 'string', default: '20' },
    'model-url': { type: 'string' },
  },
});
const chats = Number(values.chats);
const turns = Number(values.turns);
const tokenDelayMs = Number(values['token-delay']);
const CHARACTER_ID = 1;
const SELF = fileURLToPath(import.meta.url);

type TReady = { url: string; cookies?: { id: number; cookie: string }[] };

// ---- child: the fake model server ----
async function runModel() {
  const { startFakeOpenAI } = await import('../src/test-support/fake-openai-server.ts');
  const fake = await startFakeOpenAI({ tokenDelayMs, logRequests: false, apiKey: 'bench-key' });
  process.send!({ url: fake.url } satisfies TReady);
}

// ---- child: Kindred with `chats` signed-in free-tier people ----
async function runServer() {
  const { createApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { seedDatabase } = await import('../src/server/db/seed/seed.ts');
  const { createLogger } = await import('../src/server/lib/logger.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-'));
  const { benchServerEnv } = await import('./support/server-env.ts');
  const config = loadConfig({
    ...benchServerEnv({ dataDir, modelUrl: values['model-url']!, logLevel: 'silent' }),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const cookies = await makeSignedInPeople(database.db, { count: chats, label: 'load' });
  const app = createApp({ config, database, logger: createLogger('silent') });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send!({ url: `http://127.0.0.1:${info.port}`, cookies } satisfies TReady);
  });
  process.on('disconnect', () => {
    server.close();
    void database.close().then(() => process.exit(0));
  });
}

// ---- parent: the load ----
function start(role: string, extra: string[] = []): Promise<{ child: ChildProcess; ready: TReady }> {
  const child = fork(
    SELF,
    ['--role', role, '--chats', String(chats), '--token-delay', String(tokenDelayMs), ...extra],
    {
      execArgv: [...startNodeFlags(), '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as TReady }));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

type TTurn = { firstByte: number; firstText: number; total: number };

/** Reads an SSE response, noting when the first byte, the first text and the end arrive. */
async function readStream(
  res: Response,
  t0: number,
  isTextEvent: (block: string) => boolean,
): Promise<TTurn> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let firstByte = 0;
  let firstText = 0;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now() - t0;
    if (!firstByte) firstByte = now;
    if (!firstText) {
      buffer += value;
      if (buffer.split('\n\n').some(isTextEvent)) firstText = now;
    }
  }
  return { firstByte, firstText, total: performance.now() - t0 };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function runLoad() {
  // Node's fetch opens as many connections per origin as needed (no per-host limit by default).
  const model = await start('model');
  const server = await start('server', ['--model-url', model.ready.url]);
  const cookies = server.ready.cookies!;
  const kindred = server.ready.url;

  const direct = async (i: number): Promise<TTurn> => {
    const t0 = performance.now();
    const res = await fetch(`${model.ready.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
      body: JSON.stringify({
        model: 'fake-model',
        stream: true,
        messages: [
          { role: 'system', content: 'You are Seraphine Vale. '.repeat(40) },
          { role: 'user', content: `How is the road today, friend number ${i}?` },
        ],
      }),
    });
    return readStream(res, t0, (b) => /"content":"[^"]/.test(b));
  };

  const chatTurns = async (person: { id: number; cookie: string }): Promise<TTurn[]> => {
    const results: TTurn[] = [];
    let hist: string | undefined;
    for (let turn = 0; turn < turns; turn++) {
      const t0 = performance.now();
      const res = await fetch(`${kindred}/assistant-reply-openai`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: person.cookie },
        body: JSON.stringify({
          userId: person.id,
          characterId: CHARACTER_ID,
          userInput: `How is the road today, friend number ${person.id}?`,
          hist,
        }),
      });
      if (res.status !== 200) throw new Error(`reply failed with ${res.status}: ${await res.text()}`);
      let started = '';
      const timing = await readStream(res, t0, (b) => {
        if (!started && b.startsWith('event: start')) started = b;
        return b.startsWith('event: delta');
      });
      hist ??= /"hist":"([^"]+)"/.exec(started)?.[1];
      results.push(timing);
    }
    return results;
  };

  // Warm-up: JIT, pools, the model availability cache.
  await Promise.all(cookies.slice(0, 10).map((p) => direct(p.id)));
  const warm = cookies.slice(0, 10).map((p) => ({ ...p }));
  for (const p of warm) {
    await fetch(`${kindred}/assistant-reply-openai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: p.cookie },
      body: JSON.stringify({ userId: p.id, characterId: CHARACTER_ID, userInput: 'warm up' }),
    }).then((r) => r.text());
  }

  const directStarted = performance.now();
  const directTurns = (
    await Promise.all(
      cookies.map(async (p) => {
        const list: TTurn[] = [];
        for (let turn = 0; turn < turns; turn++) list.push(await direct(p.id));
        return list;
      }),
    )
  ).flat();
  const directMs = performance.now() - directStarted;

  const kindredStarted = performance.now();
  const kindredTurns = (await Promise.all(cookies.map(chatTurns))).flat();
  const kindredMs = performance.now() - kindredStarted;

  const row = (name: string, xs: TTurn[], key: keyof TTurn) =>
    `  ${name.padEnd(38)} p50 ${percentile(
      xs.map((x) => x[key]),
      50,
    ).toFixed(1)} ms   p99 ${percentile(
      xs.map((x) => x[key]),
      99,
    ).toFixed(1)} ms`;
  const diff = (key: keyof TTurn, p: number) =>
    (
      percentile(
        kindredTurns.map((x) => x[key]),
        p,
      ) -
      percentile(
        directTurns.map((x) => x[key]),
        p,
      )
    ).toFixed(1);

  console.log(
    `${chats} concurrent chats × ${turns} turns, fake model ${tokenDelayMs} ms/token, database ${
      process.env.DATABASE_URL ? 'postgres' : 'pglite'
    }`,
  );
  console.log(`straight to the fake model (${Math.round(directMs)} ms in all):`);
  console.log(row('first text token', directTurns, 'firstText'));
  console.log(row('whole reply', directTurns, 'total'));
  console.log(`through Kindred, streamed (${Math.round(kindredMs)} ms in all):`);
  console.log(row('first byte (start event: message stored)', kindredTurns, 'firstByte'));
  console.log(row('first text (first delta event)', kindredTurns, 'firstText'));
  console.log(row('whole turn (done event: reply stored)', kindredTurns, 'total'));
  // Every chat's first turn arrives in one burst (all chats start together); later turns are spread out.
  const firstTurns = kindredTurns.filter((_, i) => i % turns === 0);
  const laterTurns = kindredTurns.filter((_, i) => i % turns !== 0);
  console.log(row('  first turns (the burst): whole turn', firstTurns, 'total'));
  if (laterTurns.length > 0) console.log(row('  later turns: whole turn', laterTurns, 'total'));
  console.log('Kindred adds, per turn:');
  console.log(`  time to first text   p50 ${diff('firstText', 50)} ms   p99 ${diff('firstText', 99)} ms`);
  console.log(`  whole turn           p50 ${diff('total', 50)} ms   p99 ${diff('total', 99)} ms`);

  server.child.disconnect();
  model.child.kill();
  await new Promise((r) => server.child.once('exit', r));
}

if (values.role === 'model') await runModel();
else if (values.role === 'server') await runServer();
else await runLoad();
