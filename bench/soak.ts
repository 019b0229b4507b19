// Soak: a Kindred server under steady streamed chats for a long time, 20% of the streams cut midway by
// the client (the stop button, a closed tab). Checks that server memory (RSS) grows < 5% after warm-up and
// that open handles stay flat, each judged by its trend: the last five minutes' peak against the first five
// minutes' after warm-up (one sample rises and falls with the requests in flight and with the memory the
// sentence encoder's thread holds at that moment), and that no daily slot or message is lost: every turn's message is stored; every reply that
// produced words is stored and used one slot; a turn stopped before any words gave its slot back.
// Run: npm run bench:soak [-- --minutes 30 --chats 30 --token-delay 20 --reply-tokens 60 --embeddings embedded|remote]
//      (the full run is 30 minutes; DATABASE_URL=postgres://... for PostgreSQL)
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startNodeFlags } from '../src/test-support/start-flags.ts';
import { makeSignedInPeople } from './support/signed-in-people.ts';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'load' },
    minutes: { type: 'string', default: '30' },
    chats: { type: 'string', default: '30' },
    'token-delay': { type: 'string', default: '20' },
    'reply-tokens': { type: 'string', default: '60' },
    'abort-share': { type: 'string', default: '0.2' },
    // The sentence encoder: the embedded one in its own thread (the default), or the fake model's /v1/embeddings.
    embeddings: { type: 'string', default: 'embedded' },
    'model-url': { type: 'string' },
  },
});
const minutes = Number(values.minutes);
const chats = Number(values.chats);
const abortShare = Number(values['abort-share']);
const SELF = fileURLToPath(import.meta.url);
const CHARACTER_ID = 1;

type TPerson = { id: number; cookie: string };
type TSample = { rss: number; handles: number; heapUsed: number };
type TCheck = { userMessages: number; assistantMessages: number; slots: number };

// ---- child: the fake model ----
async function runModel() {
  const { startFakeOpenAI } = await import('../src/test-support/fake-openai-server.ts');
  const fake = await startFakeOpenAI({
    tokenDelayMs: Number(values['token-delay']),
    replyTokens: Number(values['reply-tokens']),
    logRequests: false,
    apiKey: 'bench-key',
  });
  process.send!({ url: fake.url });
}

// ---- child: Kindred (free tier with a limit high enough for the soak, logging at info) ----
async function runKindred() {
  const { serve } = await import('@hono/node-server');
  const { sql } = await import('drizzle-orm');
  const { createApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase, rowsOf } = await import('../src/server/db/client.ts');
  const { seedDatabase } = await import('../src/server/db/seed/seed.ts');
  const { createLogger } = await import('../src/server/lib/logger.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-soak-'));
  const { benchServerEnv } = await import('./support/server-env.ts');
  const config = loadConfig({
    ...benchServerEnv({ dataDir, modelUrl: values['model-url']! }),
    FREE_DAILY_MESSAGES: '1000000',
    ...(values.embeddings === 'remote' && {
      EMBEDDINGS_URL: values['model-url']!,
      EMBEDDINGS_MODEL: 'fake-embed',
      EMBEDDINGS_API_KEY: 'bench-key',
    }),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const people = await makeSignedInPeople(database.db, { count: chats, label: 'soak', ttlMs: 864e5 });
  const app = createApp({ config, database, logger: createLogger('info') });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send!({ url: `http://127.0.0.1:${info.port}`, people });
  });
  const ids = people.map((p) => p.id);
  process.on('message', async (message) => {
    if (message === 'sample') {
      // A full collection first, so RSS and heap are what is kept, not what waits for the collector.
      (globalThis as { gc?: () => void }).gc?.();
      process.send!({
        rss: process.memoryUsage.rss(),
        handles: process.getActiveResourcesInfo().length,
        heapUsed: process.memoryUsage().heapUsed,
      } satisfies TSample);
    } else if (message === 'check') {
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const [row] = rowsOf<TCheck>(
        await database.db.execute(sql`select
          (select count(*)::int from chat_messages m join chat_logs l on l.uuid = m.chat_log_uuid
            where l.user_id in (${list}) and m.role = 'user') as "userMessages",
          (select count(*)::int from chat_messages m join chat_logs l on l.uuid = m.chat_log_uuid
            where l.user_id in (${list}) and m.role = 'assistant') as "assistantMessages",
          (select coalesce(sum(count), 0)::int from daily_usage where user_id in (${list})) as slots`),
      );
      process.send!(row);
    }
  });
  process.on('disconnect', () => {
    server.close();
    void database.close().then(() => process.exit(0));
  });
}

// ---- parent: the load ----
function start(
  role: string,
  extra: string[] = [],
): Promise<{ child: ChildProcess; ready: { url: string; people?: TPerson[] } }> {
  const passOn = ['chats', 'token-delay', 'reply-tokens', 'embeddings'].flatMap((k) => [
    `--${k}`,
    String(values[k as 'chats']),
  ]);
  const child = fork(SELF, ['--role', role, ...passOn, ...extra], {
    execArgv: [...startNodeFlags(), '--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', role === 'kindred' ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as { url: string; people?: TPerson[] } }));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

function ask<T>(child: ChildProcess, question: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(question);
  });
}

type TTally = {
  turns: number;
  completed: number;
  aborted: number;
  abortedBeforeWords: number;
  failed: number;
};

/** One turn; with `abort`, the client goes away after the third delta (midway through a 60-token reply). */
async function turn(url: string, person: TPerson, hist: string | undefined, abort: boolean, tally: TTally) {
  const stop = new AbortController();
  tally.turns++;
  const res = await fetch(`${url}/assistant-reply-openai`, {
    method: 'POST',
    signal: stop.signal,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: person.cookie },
    body: JSON.stringify({
      userId: person.id,
      characterId: CHARACTER_ID,
      // Memory is on (the default): every other turn tells something the judge keeps.
      userInput:
        tally.turns % 2 ? 'I walked my dog Biscuit along the river this morning' : 'Tell me about the road',
      hist,
    }),
  });
  if (res.status !== 200) {
    tally.failed++;
    await res.body?.cancel();
    return hist;
  }
  let text = '';
  let deltas = 0;
  const decoder = new TextDecoder();
  try {
    for await (const bytes of res.body!) {
      text += decoder.decode(bytes, { stream: true });
      hist ??= /"hist":"([^"]+)"/.exec(text)?.[1];
      deltas = text.split('event: delta').length - 1;
      if (abort && deltas >= 3) {
        stop.abort();
        break;
      }
    }
  } catch {
    // the abort
  }
  if (abort) {
    tally.aborted++;
    if (deltas === 0) tally.abortedBeforeWords++;
  } else if (text.includes('event: done')) tally.completed++;
  else tally.failed++;
  return hist;
}

async function runLoad() {
  const model = await start('model');
  const kindred = await start('kindred', ['--model-url', model.ready.url]);
  const { url, people } = { url: kindred.ready.url, people: kindred.ready.people! };
  const tally: TTally = { turns: 0, completed: 0, aborted: 0, abortedBeforeWords: 0, failed: 0 };
  const endAt = Date.now() + minutes * 60_000;
  const warmUpMs = Math.min(5 * 60_000, minutes * 60_000 * 0.2);
  const samples: (TSample & { at: number })[] = [];
  const idleBefore = await ask<TSample>(kindred.child, 'sample');
  const started = Date.now();
  const sampler = setInterval(async () => {
    samples.push({ ...(await ask<TSample>(kindred.child, 'sample')), at: Date.now() - started });
    const s = samples.at(-1)!;
    console.log(
      `  ${(s.at / 1000).toFixed(0).padStart(5)} s  RSS ${(s.rss / 1e6).toFixed(1)} MB  heap ${(s.heapUsed / 1e6).toFixed(1)} MB  handles ${s.handles}  turns ${tally.turns}`,
    );
  }, 15_000);
  let seed = 1;
  await Promise.all(
    people.map(async (p) => {
      let hist: string | undefined;
      while (Date.now() < endAt) {
        seed = (seed * 48271) % 2147483647;
        hist = await turn(url, p, hist, seed / 2147483647 < abortShare, tally);
      }
    }),
  );
  clearInterval(sampler);
  // Let the server finish storing the cut replies.
  await new Promise((r) => setTimeout(r, 2000));
  const final = await ask<TSample>(kindred.child, 'sample');
  const check = await ask<TCheck>(kindred.child, 'check');
  kindred.child.disconnect();
  model.child.kill();

  const afterWarmUp = samples.filter((s) => s.at >= warmUpMs);
  const base = afterWarmUp[0] ?? samples[0]!;
  const handles = afterWarmUp.map((s) => s.handles);
  // A leak is a trend: the last five minutes' peak is held to the first five minutes' after warm-up.
  const windowMs = Math.min(5 * 60_000, Math.max(15_000, (minutes * 60_000 - warmUpMs) / 4));
  const firstWindow = afterWarmUp.filter((s) => s.at < warmUpMs + windowMs);
  const lastWindow = afterWarmUp.filter((s) => s.at >= minutes * 60_000 - windowMs);
  const peak = (window: TSample[], key: 'rss' | 'handles') =>
    Math.max(...(window.length ? window : firstWindow).map((s) => s[key]));
  const growth = (peak(lastWindow, 'rss') - peak(firstWindow, 'rss')) / peak(firstWindow, 'rss');
  console.log(
    `soak: ${minutes} min, ${chats} chats, ${(abortShare * 100).toFixed(0)}% of streams cut midway`,
  );
  console.log(
    `  turns ${tally.turns}: completed ${tally.completed}, cut ${tally.aborted} (${tally.abortedBeforeWords} before any words), failed ${tally.failed}`,
  );
  const minutesOf = (ms: number) => (ms / 60_000).toFixed(1);
  console.log(
    `  RSS after warm-up (${(warmUpMs / 1000).toFixed(0)} s) ${(base.rss / 1e6).toFixed(1)} MB, at the end ${(final.rss / 1e6).toFixed(1)} MB; peak of the first ${minutesOf(windowMs)} min after warm-up ${(peak(firstWindow, 'rss') / 1e6).toFixed(1)} MB, of the last ${minutesOf(windowMs)} min ${(peak(lastWindow, 'rss') / 1e6).toFixed(1)} MB: ${(growth * 100).toFixed(1)}% (goal < 5%)`,
  );
  console.log(
    `  open handles: idle before ${idleBefore.handles}, under load after warm-up ${Math.min(...handles)}–${Math.max(...handles)}, idle after ${final.handles} (kept-alive connections of the clients and to the model)`,
  );
  // Handles under load rise and fall with the requests in flight at each sample.
  const firstPeak = peak(firstWindow, 'handles');
  const lastPeak = peak(lastWindow, 'handles');
  console.log(
    `  handles' peak: first ${minutesOf(windowMs)} min after warm-up ${firstPeak}, last ${minutesOf(windowMs)} min ${lastPeak}`,
  );
  const isFlat =
    lastPeak <= firstPeak + Math.max(5, 0.1 * firstPeak) && final.handles <= Math.max(...handles);
  const lostMessages = tally.turns - tally.failed - check.userMessages;
  // Replies stored = completed + cut after words; each used one slot; a cut before words gave it back.
  const expectedReplies = tally.completed + tally.aborted - tally.abortedBeforeWords;
  console.log(
    `  stored: ${check.userMessages} messages (lost ${lostMessages}), ${check.assistantMessages} replies (expected ${expectedReplies}), ${check.slots} slots used (expected ${check.assistantMessages})`,
  );
  const ok =
    growth < 0.05 &&
    isFlat &&
    lostMessages === 0 &&
    check.slots === check.assistantMessages &&
    tally.failed === 0;
  console.log(ok ? 'PASS' : 'FAIL');
  if (!ok) process.exitCode = 1;
}

if (values.role === 'model') await runModel();
else if (values.role === 'kindred') await runKindred();
else await runLoad();
