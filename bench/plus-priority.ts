import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { modelSetFromConfig, type TModelSet } from '../src/server/ai/model-set.ts';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { upsertSubscription } from '../src/server/db/queries/billing.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { startFakeOpenAI } from '../src/test-support/fake-openai-server.ts';
import { makeSignedInPeople } from './support/signed-in-people.ts';

const { values } = parseArgs({
  options: {
    free: { type: 'string', default: '40' },
    plus: { type: 'string', default: '4' },
    turns: { type: 'string', default: '8' },
    'token-delay': { type: 'string', default: '15' },
    path: { type: 'string', default: 'both' },
    'local-concurrency': { type: 'string', default: '2' },
    // Empty: as shipped (the remote limit is learnt from the provider); a number: the operator's ceiling.
    'remote-concurrency': { type: 'string', default: '' },
    // The fake provider's room on the saturated run (past it: 429, or 'queue' to hold requests).
    'provider-capacity': { type: 'string', default: '16' },
    'provider-full': { type: 'string', default: 'refuse' },
    'free-share': { type: 'string', default: '0.75' },
  },
});
const freeCount = Number(values.free);
const plusCount = Number(values.plus);
const turns = Number(values.turns);
const tokenDelayMs = Number(values['token-delay']);
const CHARACTER_ID = 1;

type TPerson = { id: number; cookie: string };

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const summary = (xs: number[]) =>
  `n=${String(xs.length).padStart(3)}  p50 ${percentile(xs, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(
    xs,
    95,
  )
    .toFixed(0)
    .padStart(5)} ms  max ${Math.max(...xs)
    .toFixed(0)
    .padStart(5)} ms`;

async function startKindred(modelUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-plus-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1:1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    LOG_LEVEL: 'silent',
    FREE_DAILY_MESSAGES: '1000000',
    OPENAI_BASE_URL: modelUrl,
    OPENAI_API_KEY: 'bench-key',
    OLLAMA_BASE_URL: modelUrl.replace(/\/v1$/, ''),
    OLLAMA_MODEL: 'llama3.2',
    LOCAL_MODEL_CONCURRENCY: values['local-concurrency']!,
    REMOTE_MODEL_CONCURRENCY: values['remote-concurrency'] ?? '',
    FREE_CONCURRENCY_SHARE: values['free-share']!,
    // The abuse limits stay on the path but never refuse the load's turns.
    REPLY_LIMIT_PER_PERSON: '1000000',
    REPLY_LIMIT_PER_ADDRESS: '1000000',
  });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const people = await makeSignedInPeople(database.db, { count: freeCount + plusCount, label: 'plus-bench' });
  const plus = people.slice(freeCount);
  const end = new Date(Date.now() + 30 * 24 * 3600_000);
  for (const p of plus) {
    await upsertSubscription(database.db, {
      userId: p.id,
      provider: 'local',
      customerId: `local_cus_${p.id}`,
      subscriptionId: `local_sub_${p.id}`,
      status: 'active',
      currentPeriodStart: new Date(),
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      plusUntil: end,
    });
  }
  const models = modelSetFromConfig(config);
  const app = createApp({ config, database, logger: createLogger('silent'), models });
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    closers.push(
      () => new Promise<void>((r) => server.close(() => r())),
      () => database.close(),
    );
  });
  return { url, free: people.slice(0, freeCount), plus, models };
}

const closers: (() => Promise<void>)[] = [];

/** One streamed reply; the time until its first words arrive (ms). */
async function timeToFirstToken(base: string, route: string, person: TPerson, text: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: person.cookie },
    body: JSON.stringify({ userId: person.id, characterId: CHARACTER_ID, userInput: text }),
  });
  if (res.status !== 200) throw new Error(`reply failed with ${res.status}: ${await res.text()}`);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let firstText = 0;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!firstText) {
      buffer += value;
      if (buffer.includes('event: delta')) firstText = performance.now() - t0;
    }
  }
  return firstText;
}

async function runPath(
  base: string,
  route: string,
  free: TPerson[],
  plus: TPerson[],
  label: string,
  models: TModelSet,
) {
  let isRunning = true;
  const freeTimes: number[] = [];
  // What the gate held back while the load ran: waiting free and Plus replies, sampled every 20 ms.
  const gate = route.endsWith('openai') ? models.gates.remote : models.gates.local;
  const peaks = { waitingFree: 0, waitingPlus: 0, running: 0 };
  const sampler = setInterval(() => {
    const stats = gate.stats();
    peaks.waitingFree = Math.max(peaks.waitingFree, stats.waitingFree);
    peaks.waitingPlus = Math.max(peaks.waitingPlus, stats.waitingPlus);
    peaks.running = Math.max(peaks.running, stats.running);
  }, 20);
  // Free people keep the model busy: each always has one reply in flight.
  const freeLoops = free.map(async (p, i) => {
    for (let turn = 0; isRunning; turn++) {
      const ms = await timeToFirstToken(base, route, p, `Free person ${i} asks about the weather ${turn}`);
      if (isRunning) freeTimes.push(ms);
    }
  });
  await new Promise((r) => setTimeout(r, 1500)); // let the queue fill
  const plusTimes: number[] = [];
  await Promise.all(
    plus.map(async (p, i) => {
      for (let turn = 0; turn < turns; turn++) {
        plusTimes.push(
          await timeToFirstToken(base, route, p, `Plus person ${i} asks about the road ${turn}`),
        );
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  isRunning = false;
  await Promise.all(freeLoops);
  clearInterval(sampler);
  console.log(`\n${label}`);
  console.log(`  Plus TTFT  ${summary(plusTimes)}`);
  console.log(`  free TTFT  ${summary(freeTimes)}`);
  console.log(
    `  free p50 / Plus p50 = ${(percentile(freeTimes, 50) / percentile(plusTimes, 50)).toFixed(1)}×`,
  );
  console.log(
    `  gate: at most ${peaks.running} generating, ${peaks.waitingFree} free and ${peaks.waitingPlus} Plus waiting` +
      (gate === models.gates.remote ? `; remote limit now ${models.limits.remote.current()}` : ''),
  );
}

const model = await startFakeOpenAI({ tokenDelayMs, logRequests: false, model: 'llama3.2' });
closers.push(() => model.close());
const kindred = await startKindred(model.url);
console.log(
  `${freeCount} free people (one reply always in flight each), ${plusCount} Plus people × ${turns} turns, ` +
    `fake model ${tokenDelayMs} ms/token`,
);
// Warm-up: JIT, the model availability caches.
await timeToFirstToken(kindred.url, '/assistant-reply-openai', kindred.plus[0]!, 'warm up');
await timeToFirstToken(kindred.url, '/assistant-reply-original', kindred.plus[0]!, 'warm up');
if (values.path !== 'remote') {
  await runPath(
    kindred.url,
    '/assistant-reply-original',
    kindred.free,
    kindred.plus,
    `local path (priority queue, LOCAL_MODEL_CONCURRENCY=${values['local-concurrency']})`,
    kindred.models,
  );
}
if (values.path !== 'local') {
  const remoteLimit = values['remote-concurrency'] || 'unset: learnt from the provider';
  const setting = `REMOTE_MODEL_CONCURRENCY=${remoteLimit}, FREE_CONCURRENCY_SHARE=${values['free-share']}`;
  await runPath(
    kindred.url,
    '/assistant-reply-openai',
    kindred.free,
    kindred.plus,
    `remote path below saturation (the provider has room for everyone; ${setting})`,
    kindred.models,
  );
  const capacity = Number(values['provider-capacity']);
  const whenFull = values['provider-full'] === 'queue' ? 'queue' : 'refuse';
  model.setCapacity(capacity, whenFull);
  const before = model.streamStats().refused;
  await runPath(
    kindred.url,
    '/assistant-reply-openai',
    kindred.free,
    kindred.plus,
    `remote path saturated (the provider has room for ${capacity}, then ${whenFull === 'refuse' ? 'answers 429' : 'queues'}; ${setting})`,
    kindred.models,
  );
  console.log(`  provider: ${model.streamStats().refused - before} replies refused with 429`);
}
for (const close of closers.reverse()) await close();
process.exit(0);
