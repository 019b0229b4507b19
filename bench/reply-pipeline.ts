// The reply pipeline's cost floor: CPU time of the server process per streamed turn, Kindred against a
// minimal Node relay that this bench ships (session lookup, store the message and read the context in
// one statement, stream the model with fetch, relay each delta as an SSE event, store the reply), both
// against the same fake OpenAI-compatible model and the same database, in one run, with the ratio.
//
// CPU time (user + system) of each server process, divided by its turns, is what it costs us; it does
// not depend on how busy the machine is with other work, unlike wall time. The fake model, the two
// servers and this load generator are four processes; each side runs alone (one after the other).
//
// By default it runs the issue's three cases as shipped (memory on with the embedded encoder, the remote
// limit learnt from the provider, no REMOTE_MODEL_CONCURRENCY), `--runs` times each, each beside its relay:
// - shipped: people with no memories of the character whose messages hold nothing to keep, against the
//   plain relay (no memory work);
// - memory-off: Character Memory off, against the plain relay;
// - memories: every person starts with `--memories` memories of the character and half the turns tell
//   something worth keeping (the judge stores it); each round waits for the judge's queue to empty before
//   it reads the CPU. The relay then does the same work at its simplest (embed the message, one recall
//   statement, a JSON judge call after the reply, an insert when it says so).
// The sentence encoder is the embedded one (`--embeddings embedded`, in its own thread: its CPU is printed
// apart) or the fake model's /v1/embeddings (`--embeddings remote`, as with EMBEDDINGS_URL). Each run also
// prints the time to first words (p50, p99) and turns per second of both sides.
//
// Run: npm run bench:reply-pipeline [-- --case all|shipped|memory-off|memories --runs 3 --chats 50 --turns 6
//        --rounds 3 --token-delay 20 --reply-tokens 60 --embeddings embedded|remote --memories 8]
//      DATABASE_URL=postgres://... npm run bench:reply-pipeline   (PostgreSQL instead of the embedded one)
//      --profile <folder>: also write V8 CPU profiles of both servers' measured phases there;
//      summarise it with `node --import tsx bench/profile-summary.ts <file.cpuprofile>`.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'load' },
    chats: { type: 'string', default: '50' },
    turns: { type: 'string', default: '6' },
    'token-delay': { type: 'string', default: '20' },
    'reply-tokens': { type: 'string', default: '60' },
    'model-url': { type: 'string' },
    profile: { type: 'string' },
    // Which of the issue's cases (default all, each beside its relay): shipped (memory on, no memories of the
    // character, nothing worth keeping, against the plain relay), memory-off (against the plain relay),
    // memories (8 memories each, half the turns worth keeping, against the relay doing the same memory work).
    case: { type: 'string', default: 'all' },
    runs: { type: 'string', default: '3' },
    // Set per case for the children (and by hand with --case none, the older single-run form):
    memory: { type: 'string', default: 'on' },
    'relay-memory': { type: 'string', default: 'on' },
    keep: { type: 'string', default: 'on' },
    embeddings: { type: 'string', default: 'embedded' },
    memories: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
  },
});
const chats = Number(values.chats);
const turns = Number(values.turns);
const tokenDelayMs = Number(values['token-delay']);
const replyTokens = Number(values['reply-tokens']);
const ROUNDS = Number(values.rounds);
const CHARACTER_ID = 1;
const SELF = fileURLToPath(import.meta.url);
const DATABASE_URL = process.env.DATABASE_URL;

type TPerson = { id: number; cookie: string };
type TReady = { url: string; people?: TPerson[] };
type TCpu = {
  cpuMicros: number;
  mainMicros: number;
  encoderMicros: number;
  sysMicros: number;
  /** Read and write system calls so far (Linux: /proc/self/io; 0 elsewhere): the kernel's share, explained. */
  readCalls: number;
  writeCalls: number;
  writtenBytes: number;
  rss: number;
  /** Kindred only: the remote model's learnt limit, and the most free replies seen waiting at its gate. */
  remoteLimit?: number;
  mostFreeWaiting?: number;
};

/** This process's read and write system call counts (Linux), for where kernel time goes. */
function syscallCounts(): { readCalls: number; writeCalls: number; writtenBytes: number } {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const count = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, 'm').exec(io)?.[1] ?? 0);
    return { readCalls: count('syscr'), writeCalls: count('syscw'), writtenBytes: count('wchar') };
  } catch {
    return { readCalls: 0, writeCalls: 0, writtenBytes: 0 };
  }
}

/**
 * Answers the load generator's `cpu` question with this process's CPU time so far. With `profileDir`,
 * the first question starts a V8 CPU profile and the second writes it there: the measured phase only.
 */
function answerCpuQuestions(
  name: string,
  profileDir?: string,
  opts: {
    settle?: () => Promise<void>;
    encoderMicros?: () => Promise<number>;
    gate?: () => { remoteLimit: number; mostFreeWaiting: number };
  } = {},
) {
  let asked = 0;
  let session: import('node:inspector/promises').Session | undefined;
  process.on('message', async (message) => {
    if (message !== 'cpu') return;
    asked++;
    // Work the turns left behind (the memory judge's queue) belongs to them.
    await opts.settle?.();
    if (profileDir && asked === 1) {
      const { Session } = await import('node:inspector/promises');
      session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const usage = process.cpuUsage();
    const main = process.threadCpuUsage();
    const answer = {
      cpuMicros: usage.user + usage.system,
      mainMicros: main.user + main.system,
      encoderMicros: (await opts.encoderMicros?.()) ?? 0,
      sysMicros: usage.system,
      ...syscallCounts(),
      rss: process.memoryUsage.rss(),
      ...opts.gate?.(),
    } satisfies TCpu;
    if (session && asked === 2) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(profileDir!, { recursive: true });
      writeFileSync(path.join(profileDir!, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    }
    process.send!(answer);
  });
}

/** `chats` people, each with a database session, in the app's own tables. */
async function makePeople(db: import('../src/server/db/client.ts').TDb): Promise<TPerson[]> {
  const { makeSignedInPeople } = await import('./support/signed-in-people.ts');
  return makeSignedInPeople(db, { count: chats, label: 'pipe' });
}

// ---- child: the fake model ----
async function runModel() {
  const { startFakeOpenAI } = await import('../src/test-support/fake-openai-server.ts');
  const fake = await startFakeOpenAI({ tokenDelayMs, replyTokens, logRequests: false, apiKey: 'bench-key' });
  process.send!({ url: fake.url } satisfies TReady);
  process.on('disconnect', () => process.exit(0));
}

// ---- child: Kindred, as `npm start` runs it (logging at info, to a file descriptor like production) ----
async function runKindred() {
  const { serve } = await import('@hono/node-server');
  const { createApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { openDatabase } = await import('../src/server/db/client.ts');
  const { seedDatabase } = await import('../src/server/db/seed/seed.ts');
  const { createLogger } = await import('../src/server/lib/logger.ts');
  const { createEmbedder } = await import('../src/server/memory/embedder.ts');
  const { createMemoryService } = await import('../src/server/services/memories/memory-service.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-pipeline-'));
  const { benchServerEnv } = await import('./support/server-env.ts');
  const config = loadConfig({
    ...benchServerEnv({ dataDir, modelUrl: values['model-url']! }),
    // Free people, so the daily reservation is on the path; a day's allowance that the rounds fit in.
    FREE_DAILY_MESSAGES: '1000',
    // REMOTE_MODEL_CONCURRENCY as shipped: unset, the limit learnt from the provider (which has room here).
    ...(values.embeddings === 'remote' && {
      EMBEDDINGS_URL: values['model-url']!,
      EMBEDDINGS_MODEL: 'fake-embed',
      EMBEDDINGS_API_KEY: 'bench-key',
    }),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const people = await makePeople(database.db);
  // Logs go to standard output, which the load generator points at /dev/null: their cost is counted.
  const logger = createLogger('info');
  const embedder = createEmbedder(config);
  const { modelSetFromConfig } = await import('../src/server/ai/model-set.ts');
  const models = modelSetFromConfig(config);
  const memory = createMemoryService({ database, embedder, log: logger, models });
  if (values.memory !== 'off' && Number(values.memories) > 0) await seedMemories(memory, people);
  // Whether free replies ever waited at the remote gate (they should not: the fake provider has room).
  let mostFreeWaiting = 0;
  setInterval(() => {
    mostFreeWaiting = Math.max(mostFreeWaiting, models.gates.remote.stats().waitingFree);
  }, 25).unref();
  const app = createApp({ config, database, logger, memory, models });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send!({ url: `http://127.0.0.1:${info.port}`, people } satisfies TReady);
  });
  answerCpuQuestions('kindred', values.profile, {
    settle: () => memory.idle(),
    encoderMicros: async () => (values.memory === 'off' ? 0 : ((await embedder.usage?.())?.cpuMicros ?? 0)),
    gate: () => ({ remoteLimit: models.limits.remote.current(), mostFreeWaiting }),
  });
  process.on('disconnect', () => {
    server.close();
    void memory
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

/** What each person has already told the character: recall ranks real memories on every turn. */
async function seedMemories(
  memory: import('../src/server/services/memories/memory-service.ts').TMemoryService,
  people: TPerson[],
) {
  const facts = [
    'My sister Maya lives by the sea and paints boats',
    'I work night shifts at the hospital pharmacy',
    'My dog Biscuit is afraid of thunder',
    'I am learning to play the cello, slowly',
    'My grandmother taught me to bake rye bread',
    'I moved to Lisbon two years ago for work',
    'I get nervous before long train journeys',
    'My favourite book is The Left Hand of Darkness',
    'I run five kilometres every Sunday morning',
    'My best friend Tomas is getting married in June',
  ];
  const count = Number(values.memories);
  for (const person of people) {
    for (let i = 0; i < count; i++) {
      await memory.store({
        userId: person.id,
        characterId: CHARACTER_ID,
        characterName: 'Seraphine Vale',
        content: `${facts[i % facts.length]} (${person.id}-${i})`,
        reply: 'I will remember that.',
        importance: 3,
      });
    }
  }
}

// ---- child: the minimal relay (the floor) ----
type TQuery = (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The relay's encoder: the same one Kindred uses in this run. */
async function relayEmbedder(): Promise<import('../src/server/memory/embedder.ts').TEmbedder> {
  if (values.embeddings === 'remote') {
    const { createOpenAIEmbedder } = await import('../src/server/memory/openai-embedder.ts');
    return createOpenAIEmbedder({ baseURL: values['model-url']!, model: 'fake-embed', apiKey: 'bench-key' });
  }
  const { createUseLiteEmbedder } = await import('../src/server/memory/use-lite-embedder.ts');
  return createUseLiteEmbedder();
}

async function runRelay() {
  const { openDatabase, openPglite, wrapPglite } = await import('../src/server/db/client.ts');
  const { seedDatabase } = await import('../src/server/db/seed/seed.ts');
  const { createMemoryService } = await import('../src/server/services/memories/memory-service.ts');
  const { toVectorLiteral } = await import('../src/server/memory/embedder.ts');
  const { JUDGE_SCHEMA } = await import('../src/server/memory/judge.ts');
  const { detectSearchCapabilities } = await import('../src/server/memory/search-capabilities.ts');
  let hasVector = false;
  // The relay does memory work only beside Kindred's "memories" case; otherwise it is the plain relay.
  const isMemoryOn = values['relay-memory'] === 'on';
  const embedder = await relayEmbedder();
  let query: TQuery;
  let close: () => Promise<void>;
  let people: TPerson[];
  if (DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '' });
    await database.migrate();
    await seedDatabase(database.db);
    people = await makePeople(database.db);
    if (isMemoryOn && Number(values.memories) > 0)
      await seedMemories(createMemoryService({ database, embedder }), people);
    hasVector = (await detectSearchCapabilities(database.db)).vector;
    await database.close();
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    query = async (name, text, params) => (await pool.query({ name, text, values: params })).rows;
    close = () => pool.end();
  } else {
    const client = await openPglite(mkdtempSync(path.join(os.tmpdir(), 'kindred-relay-')));
    const database = wrapPglite(client);
    await database.migrate();
    await seedDatabase(database.db);
    people = await makePeople(database.db);
    if (isMemoryOn && Number(values.memories) > 0)
      await seedMemories(createMemoryService({ database, embedder }), people);
    hasVector = (await detectSearchCapabilities(database.db)).vector;
    query = async (_name, text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    close = () => client.close();
  }

  const modelUrl = `${values['model-url']!}/chat/completions`;
  const modelHeaders = { 'content-type': 'application/json', authorization: 'Bearer bench-key' };
  // A connection the model closed as it was reused (keep-alive's race, common on a busy machine) is tried
  // once more, as Kindred's model client does before the first byte.
  const callModel = async (body: string) => {
    const init = { method: 'POST', headers: modelHeaders, body };
    try {
      return await fetch(modelUrl, init);
    } catch {
      return fetch(modelUrl, init);
    }
  };
  // With memory on, the same work at its simplest: embed the message, recall four memories in one
  // statement, and after the reply ask the model (JSON) whether to keep the message, storing it if so.
  const judging = new Set<Promise<void>>();
  const judge = async (personId: number, message: string, reply: string, vector: number[]) => {
    const answer = await callModel(
      JSON.stringify({
        model: 'fake-model',
        messages: [
          { role: 'system', content: 'Decide whether to remember the message. Answer with JSON.' },
          { role: 'user', content: `Person: ${message}\nCompanion: ${reply}` },
        ],
        temperature: 0,
        max_tokens: 60,
        response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: JUDGE_SCHEMA } },
      }),
    );
    const body = (await answer.json()) as { choices: { message: { content: string } }[] };
    const verdict = JSON.parse(body.choices[0]!.message.content) as { remember: boolean; importance: number };
    if (!verdict.remember) return;
    const importance = (verdict.importance - 1) / 4;
    if (hasVector) {
      await query(
        'relay_remember',
        `insert into memories (user_id, character_id, content, reply, character_name, importance, embedding, embedding_model)
         values ($1, $2, $3, $4, 'Seraphine Vale', $5, $6::vector, $7)`,
        [personId, CHARACTER_ID, message, reply, importance, toVectorLiteral(vector), embedder.id],
      );
    } else {
      await query(
        'relay_remember_text',
        `insert into memories (user_id, character_id, content, reply, character_name, importance)
         values ($1, $2, $3, $4, 'Seraphine Vale', $5)`,
        [personId, CHARACTER_ID, message, reply, importance],
      );
    }
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const token = /authjs\.session-token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const [person] = token
      ? await query(
          'relay_session',
          `select u.id, u.name from sessions s join users u on u.id = s.user_id
           where s.session_token = $1 and s.expires > now()`,
          [token],
        )
      : [];
    if (!person) {
      res.writeHead(401).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { userInput: string; hist?: string };
    const [stored] = await query(
      'relay_store',
      `with log as (
         insert into chat_logs (uuid, user_id, character_id, message_count)
         values (coalesce($1::uuid, gen_random_uuid()), $2, $3, 1)
         on conflict (uuid) do update set message_count = chat_logs.message_count + 1, updated_at = now()
         where chat_logs.user_id = $2
         returning uuid, message_count
       ), inserted as (
         insert into chat_messages (chat_log_uuid, position, role, content)
         select uuid, message_count - 1, 'user', $4 from log returning chat_log_uuid
       )
       select (select chat_log_uuid from inserted) as uuid,
         (select coalesce(json_agg(json_build_object('role', c.role, 'content', c.content) order by c.position), '[]'::json)
          from (select role, content, position from chat_messages where chat_log_uuid = $1::uuid
                order by position desc limit 19) c) as context`,
      [body.hist ?? null, person.id, CHARACTER_ID, body.userInput],
    );
    const uuid = stored!.uuid as string;
    const context = stored!.context as { role: string; content: string }[];
    let vector: number[] | null = null;
    let recalled = '';
    if (isMemoryOn) {
      vector = (await embedder.embed([body.userInput]))[0] ?? null;
      // Without pgvector (as Kindred does there), full text alone.
      const rows = hasVector
        ? await query(
            'relay_recall',
            `select content from memories where user_id = $1 and character_id = $2
             order by pinned desc, embedding <=> $3::vector limit 4`,
            [person.id, CHARACTER_ID, toVectorLiteral(vector!)],
          )
        : await query(
            'relay_recall_text',
            `select content from memories where user_id = $1 and character_id = $2
             order by pinned desc, ts_rank(search, plainto_tsquery('english', $3)) desc limit 4`,
            [person.id, CHARACTER_ID, body.userInput],
          );
      recalled = rows.map((r) => `\n- ${r.content as string}`).join('');
    }
    const upstream = await callModel(
      JSON.stringify({
        model: 'fake-model',
        stream: true,
        messages: [
          { role: 'system', content: `${'You are Seraphine Vale. '.repeat(40)}${recalled}` },
          ...context,
          { role: 'user', content: body.userInput },
        ],
      }),
    );
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`event: start\ndata: ${JSON.stringify({ hist: uuid })}\n\n`);
    let reply = '';
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const bytes of upstream.body!) {
      buffer += decoder.decode(bytes, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
        const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
        if (!text) continue;
        reply += text;
        res.write(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`);
      }
    }
    await query(
      'relay_reply',
      `with bumped as (
         update chat_logs set message_count = message_count + 1, updated_at = now()
         where uuid = $1 and user_id = $2 returning uuid, message_count)
       insert into chat_messages (chat_log_uuid, position, role, content)
       select uuid, message_count - 1, 'assistant', $3 from bumped`,
      [uuid, person.id, reply],
    );
    res.end(`event: done\ndata: ${JSON.stringify({ hist: uuid, reply, embedding: vector })}\n\n`);
    if (vector) {
      const judged = judge(person.id as number, body.userInput, reply, vector).catch((error) =>
        console.error(error),
      );
      judging.add(judged);
      void judged.finally(() => judging.delete(judged));
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send!({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    people,
  } satisfies TReady);
  answerCpuQuestions('relay', values.profile, {
    settle: async () => {
      while (judging.size > 0) await Promise.all(judging);
    },
    encoderMicros: async () => (isMemoryOn ? ((await embedder.usage?.())?.cpuMicros ?? 0) : 0),
  });
  process.on('disconnect', () => {
    server.close();
    server.closeAllConnections();
    void close().then(() => process.exit(0));
  });
}

// ---- parent: the load ----
type TCase = {
  name: string;
  memory: 'on' | 'off';
  relayMemory: 'on' | 'off';
  memories: string;
  keep: 'on' | 'off';
};

/** The issue's cases, each against its relay (the plain one, or one doing the same memory work). */
const CASES: Record<string, TCase> = {
  shipped: {
    name: 'as shipped: memory on, no memories of the character, nothing to keep (vs the plain relay)',
    memory: 'on',
    relayMemory: 'off',
    memories: '0',
    keep: 'off',
  },
  'memory-off': {
    name: 'memory off (vs the plain relay)',
    memory: 'off',
    relayMemory: 'off',
    memories: '0',
    keep: 'off',
  },
  memories: {
    name: 'memories of the character, half the turns worth keeping (vs the relay doing the same memory work)',
    memory: 'on',
    relayMemory: 'on',
    memories: values.memories!,
    keep: 'on',
  },
};

function start(
  role: string,
  c: TCase,
  extra: string[] = [],
): Promise<{ child: ChildProcess; ready: TReady }> {
  const child = fork(
    SELF,
    [
      ...['--role', role, '--chats', String(chats), '--token-delay', String(tokenDelayMs)],
      ...['--reply-tokens', String(replyTokens), '--memory', c.memory, '--relay-memory', c.relayMemory],
      ...['--embeddings', values.embeddings!, '--memories', c.memories],
      ...(values.profile ? ['--profile', values.profile] : []),
      ...extra,
    ],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', role === 'kindred' ? 'ignore' : 'inherit', 'inherit', 'ipc'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as TReady }));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
}

function cpuOf(child: ChildProcess): Promise<TCpu> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as TCpu));
    child.send('cpu');
  });
}

/**
 * Posts one turn; a 503 (the model's availability check timed out on a saturated machine) is tried again
 * after a moment, up to three times, and counted.
 */
let retried503 = 0;
async function send(url: string, person: TPerson, hist: string | undefined, c: TCase, turnIndex: number) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: person.cookie },
      body: JSON.stringify({
        userId: person.id,
        characterId: CHARACTER_ID,
        // With `keep`, half the turns tell something worth keeping (the judge stores it); the others ask.
        userInput:
          c.keep === 'on' && turnIndex % 2
            ? `I told my sister Maya about the lighthouse trip number ${turnIndex} today`
            : `How is the road today, friend number ${person.id}?`,
        memoryEnabled: c.memory !== 'off',
        hist,
      }),
    });
    if (res.status !== 503 || attempt >= 3) return res;
    retried503 += 1;
    await res.text();
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One streamed turn: the chat log's uuid and the time to its first words (ms). */
async function turn(url: string, person: TPerson, hist: string | undefined, c: TCase, turnIndex = 0) {
  const t0 = performance.now();
  const res = await send(url, person, hist, c, turnIndex);
  if (res.status !== 200) throw new Error(`reply failed with ${res.status}: ${await res.text()}`);
  let text = '';
  let firstWordsMs = Number.NaN;
  for await (const part of res.body!.pipeThrough(new TextDecoderStream())) {
    text += part;
    if (Number.isNaN(firstWordsMs) && text.includes('event: delta')) firstWordsMs = performance.now() - t0;
  }
  if (!text.includes('event: done')) throw new Error(`the reply did not finish: ${text.slice(-300)}`);
  return { hist: /"hist":"([^"]+)"/.exec(text)?.[1], firstWordsMs };
}

type TCpuTotals = Omit<TCpu, 'rss' | 'remoteLimit' | 'mostFreeWaiting'>;

const noCpu = (): TCpuTotals => ({
  cpuMicros: 0,
  mainMicros: 0,
  encoderMicros: 0,
  sysMicros: 0,
  readCalls: 0,
  writeCalls: 0,
  writtenBytes: 0,
});

type TSide = {
  name: string;
  child: ChildProcess;
  url: string;
  people: TPerson[];
  cpu: TCpuTotals;
  turns: number;
  /** CPU per turn of each round, for the spread of the ratio. */
  rounds: number[];
  firstWords: number[];
  wallMs: number;
};

/** One round: every chat of the side sends `turns` messages, one after the other, all chats at once. */
async function round(side: TSide, c: TCase) {
  const before = await cpuOf(side.child);
  const t0 = performance.now();
  await Promise.all(
    side.people.map(async (p) => {
      let hist: string | undefined;
      for (let t = 0; t < turns; t++) {
        const done = await turn(side.url, p, hist, c, t);
        hist = done.hist;
        side.firstWords.push(done.firstWordsMs);
      }
    }),
  );
  side.wallMs += performance.now() - t0;
  const after = await cpuOf(side.child);
  for (const key of Object.keys(side.cpu) as (keyof TCpuTotals)[]) side.cpu[key] += after[key] - before[key];
  side.rounds.push((after.cpuMicros - before.cpuMicros) / (side.people.length * turns));
  side.turns += side.people.length * turns;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? Number.NaN;

type TRunResult = {
  kindredMs: number;
  relayMs: number;
  ratio: number;
  ttft: [number, number];
  tps: [number, number];
};

async function runOnce(c: TCase): Promise<TRunResult> {
  const model = await start('model', c);
  const [relay, kindred] = await Promise.all([
    start('relay', c, ['--model-url', model.ready.url]),
    start('kindred', c, ['--model-url', model.ready.url]),
  ]);
  const side = (name: string, child: ChildProcess, url: string, people: TPerson[]): TSide => ({
    ...{ name, child, url, people, cpu: noCpu(), turns: 0, rounds: [], firstWords: [], wallMs: 0 },
  });
  const sides: TSide[] = [
    side('minimal relay', relay.child, `${relay.ready.url}/reply`, relay.ready.people!),
    side('Kindred', kindred.child, `${kindred.ready.url}/assistant-reply-openai`, kindred.ready.people!),
  ];
  // Warm-up: JIT, pools, prepared statements, the model availability cache.
  for (const s of sides) await Promise.all(s.people.slice(0, 10).map((p) => turn(s.url, p, undefined, c)));
  // Rounds alternate between the sides, so a busy moment of the machine falls on both sides alike.
  for (let r = 0; r < ROUNDS; r++) for (const s of sides) await round(s, c);
  const lastGate = cpuOf(kindred.child);
  await lastGate;
  for (const s of sides) s.child.disconnect();
  await Promise.all(sides.map((s) => new Promise((r) => s.child.once('exit', r))));
  model.child.kill();

  const perTurn = (s: TSide, micros: number) => (micros / 1000 / s.turns).toFixed(2);
  const gate = await lastGate;
  for (const s of sides) {
    const { cpuMicros, mainMicros, encoderMicros, sysMicros, readCalls, writeCalls } = s.cpu;
    console.log(
      `    ${s.name.padEnd(14)} CPU ${perTurn(s, cpuMicros)} ms/turn (main ${perTurn(s, mainMicros)}, kernel ${perTurn(
        s,
        sysMicros,
      )}${encoderMicros ? `, encoder thread ${perTurn(s, encoderMicros)}` : ''})  first words p50 ${p50(
        s.firstWords,
      ).toFixed(
        0,
      )} ms p99 ${p99(s.firstWords).toFixed(0)} ms  ${((s.turns / s.wallMs) * 1000).toFixed(1)} turns/s  ${(
        readCalls / s.turns
      ).toFixed(1)} reads, ${(writeCalls / s.turns).toFixed(1)} writes/turn`,
    );
  }
  console.log(
    `    Kindred's remote gate: limit ${gate.remoteLimit}, at most ${gate.mostFreeWaiting} free replies waiting`,
  );
  const [floor, ours] = sides as [TSide, TSide];
  const perRound = ours.rounds.map((micros, i) => micros / floor.rounds[i]!);
  const ratio = ours.cpu.cpuMicros / ours.turns / (floor.cpu.cpuMicros / floor.turns);
  console.log(
    `    ratio ${ratio.toFixed(2)}× (rounds ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)}×)`,
  );
  return {
    kindredMs: ours.cpu.cpuMicros / 1000 / ours.turns,
    relayMs: floor.cpu.cpuMicros / 1000 / floor.turns,
    ratio,
    ttft: [p50(ours.firstWords), p50(floor.firstWords)],
    tps: [(ours.turns / ours.wallMs) * 1000, (floor.turns / floor.wallMs) * 1000],
  };
}

async function runLoad() {
  const names = values.case === 'all' ? Object.keys(CASES) : [values.case!];
  const runs = Number(values.runs);
  console.log(
    `${chats} concurrent chats × ${turns} turns × ${ROUNDS} rounds, ${replyTokens}-token replies at ${tokenDelayMs} ms/token, database ${
      DATABASE_URL ? 'postgres' : 'pglite (embedded)'
    }, ${values.embeddings} encoder, ${runs} runs a case; load average at start ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const summary: string[] = [];
  for (const name of names) {
    const c = CASES[name];
    if (!c) throw new Error(`unknown case ${name}: ${Object.keys(CASES).join(', ')} or all`);
    console.log(`\n${c.name}`);
    const results: TRunResult[] = [];
    for (let r = 0; r < runs; r++) {
      console.log(`  run ${r + 1} (load average ${os.loadavg()[0]!.toFixed(1)})`);
      results.push(await runOnce(c));
    }
    const med = (pick: (x: TRunResult) => number) => p50(results.map(pick));
    summary.push(
      `${name.padEnd(11)} Kindred ${med((x) => x.kindredMs).toFixed(2)} ms/turn, relay ${med((x) => x.relayMs).toFixed(2)}, ratio ${med(
        (x) => x.ratio,
      ).toFixed(
        2,
      )}× (runs ${results.map((x) => x.ratio.toFixed(2)).join(', ')}); first words p50 ${med((x) => x.ttft[0]).toFixed(0)} ms vs ${med(
        (x) => x.ttft[1],
      ).toFixed(0)} ms; ${med((x) => x.tps[0]).toFixed(1)} vs ${med((x) => x.tps[1]).toFixed(1)} turns/s`,
    );
  }
  if (retried503)
    console.log(`\n(${retried503} turns answered 503 model_unavailable once and were sent again)`);
  console.log(`\nmedians of ${runs} runs (Kindred vs its relay):`);
  for (const line of summary) console.log(`  ${line}`);
}

if (values.role === 'model') await runModel();
else if (values.role === 'kindred') await runKindred();
else if (values.role === 'relay') await runRelay();
else await runLoad();
