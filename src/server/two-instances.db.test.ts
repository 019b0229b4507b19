// Two app processes on one Postgres behind a small round-robin proxy: sessions, limits and replies are
// shared through the database; SIGTERM drains, kill -9 loses no message the person sent.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReplyStreamEvent } from '../shared/chat.ts';
import { readReplyStream } from '../shared/reply-stream.ts';
import { startFakeOpenAI, type TFakeOpenAI } from '../test-support/fake-openai-server.ts';
import { freePort, listenLocally } from '../test-support/local-server.ts';
import {
  cookieHeader,
  request,
  signInThroughProvider,
  type TCookieJar,
} from '../test-support/sign-in-flow.ts';
import { openTestDatabase } from '../test-support/test-db.ts';
import type { TDatabase } from './db/client.ts';
import { chatMessages, dailyUsage } from './db/schema.ts';

const SERAPHINE = 1;
type TInstance = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
};

let database: TDatabase;
let fake: TFakeOpenAI;
let proxy: http.Server;
let proxyUrl: string;
let dataDir: string;
const backends: TInstance[] = [];
const figures: Record<string, unknown> = {};

async function startInstance(name: string, env: Record<string, string> = {}): Promise<TInstance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: proxyUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database.connectionString!,
      AUTH_SECRET: 'two-instances-secret-two-instances-000000',
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-test',
      OLLAMA_BASE_URL: 'http://127.0.0.1:9',
      REPLY_LIMIT_PER_PERSON: '100000',
      REPLY_LIMIT_PER_ADDRESS: '100000',
      SIGN_IN_LIMIT_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`${name} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const instance = { name, port, url, child, exited };
  backends.push(instance);
  return instance;
}

function forget(instance: TInstance) {
  backends.splice(backends.indexOf(instance), 1);
}

/** The small round-robin proxy: every request to the next live instance, bodies streamed both ways. */
async function startProxy(): Promise<number> {
  let next = 0;
  proxy = http.createServer((req, res) => {
    const target = backends[next++ % backends.length];
    if (!target) {
      res.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  proxy.keepAliveTimeout = 1;
  return (await listenLocally(proxy)).port;
}

type TEvent = TReplyStreamEvent & { at: number };

/**
 * Streams a reply to Seraphine from `instance` and, at its first word, takes the instance out of the proxy
 * and sends it `signal`: SIGKILL stops reading there (the connection dies with the process); SIGTERM reads
 * on until the instance ends the stream. Resolves to the chat's `hist`.
 */
async function signalAtFirstWord(
  instance: TInstance,
  signal: 'SIGKILL' | 'SIGTERM',
  jar: TCookieJar,
  body: { userId: number; userInput: string },
): Promise<string> {
  let hist = '';
  let signalled = false;
  for await (const event of streamReply(instance.url, jar, { ...body, characterId: SERAPHINE })) {
    if (event.event === 'start') hist = event.data.hist;
    if (event.event === 'delta' && !signalled) {
      signalled = true;
      forget(instance);
      instance.child.kill(signal);
      if (signal === 'SIGKILL') break;
    }
  }
  return hist;
}

/** Posts a streamed reply and yields its Server-Sent Events as they arrive. */
async function* streamReply(
  baseUrl: string,
  jar: TCookieJar,
  body: Record<string, unknown>,
): AsyncGenerator<TEvent> {
  const res = await fetch(`${baseUrl}/assistant-reply-openai`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      origin: proxyUrl,
      cookie: cookieHeader(jar),
    },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  try {
    for await (const event of readReplyStream(res.body!)) yield { ...event, at: Date.now() };
  } catch {
    // The connection was cut (the instance stopped).
  }
}

const messagesOf = (hist: string) =>
  database.db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.chatLogUuid, hist))
    .orderBy(asc(chatMessages.position));

async function signIn(email: string) {
  const jar = await signInThroughProvider(proxyUrl, { email, name: email.split('@')[0]! });
  const session = await (await request(proxyUrl, jar, '/auth/session')).json();
  return { jar, id: session.user.id as number };
}

const enabled = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!enabled)('two instances, one Postgres, behind a round-robin proxy', () => {
  let a: TInstance;
  let b: TInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', logRequests: false });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-two-'));
    proxyUrl = `http://127.0.0.1:${await startProxy()}`;
    // One after the other: the first creates the provider's signing key in the shared data folder.
    a = await startInstance('A', { SHUTDOWN_GRACE_SECONDS: '6' });
    b = await startInstance('B');
  }, 200_000);

  afterAll(async () => {
    for (const instance of [...backends]) instance.child.kill('SIGKILL');
    await new Promise((r) => proxy?.close(r));
    await fake?.close();
    await database?.close();
    console.log(`two-instance figures: ${JSON.stringify(figures)}`);
  });

  it('sign in on one, use the other: the session works on both instances', async () => {
    const { jar, id } = await signIn('ana@example.com');
    for (const instance of [a, b]) {
      const session = await (await request(instance.url, jar, '/auth/session')).json();
      expect(session.user.id).toBe(id);
      expect((await request(instance.url, jar, `/api/chatlogs/user/total?userId=${id}`)).status).toBe(200);
    }
  });

  it('100 concurrent sends at 19/20 across both give exactly one reply', { timeout: 120_000 }, async () => {
    const { jar, id } = await signIn('cap@example.com');
    const day = new Date().toISOString().slice(0, 10);
    await database.db.insert(dailyUsage).values({ userId: id, day, count: 19 });
    fake.setTokenDelay(0);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        request(proxyUrl, jar, '/assistant-reply-openai', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: proxyUrl },
          body: JSON.stringify({ userId: id, characterId: SERAPHINE, userInput: `Message ${i}` }),
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      ),
    );
    const statuses = results.map((r) => r.status);
    figures.concurrentSends = {
      sent: 100,
      replies: statuses.filter((s) => s === 200).length,
      refused429: statuses.filter((s) => s === 429).length,
      other: statuses.filter((s) => s !== 200 && s !== 429),
    };
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(99);
    const [usage] = await database.db
      .select()
      .from(dailyUsage)
      .where(and(eq(dailyUsage.userId, id), eq(dailyUsage.day, day)));
    expect(usage?.count).toBe(20);
  });

  it('a streamed reply passes through the proxy as it is written', { timeout: 60_000 }, async () => {
    const { jar, id } = await signIn('sol@example.com');
    fake.setTokenDelay(150);
    const started = Date.now();
    const events: TEvent[] = [];
    for await (const event of streamReply(proxyUrl, jar, {
      userId: id,
      characterId: SERAPHINE,
      userInput: 'Tell me about the stars',
    })) {
      events.push(event);
    }
    const names = events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('done');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    // The first words arrived well before the end: the proxy did not buffer the stream.
    expect(events.at(-1)!.at - deltas[0]!.at).toBeGreaterThan(300);
    figures.stream = { events: events.length, deltas: deltas.length, ms: Date.now() - started };
  });

  it('SIGTERM stops taking requests, lets the reply in flight finish, stores it, then exits', {
    timeout: 90_000,
  }, async () => {
    const { jar, id } = await signIn('tess@example.com');
    fake.setTokenDelay(400);
    const events: TEvent[] = [];
    let stopping: Promise<number | null> | undefined;
    let refused: number | string | undefined;
    for await (const event of streamReply(a.url, jar, {
      userId: id,
      characterId: SERAPHINE,
      userInput: 'Slow reply please friend',
    })) {
      events.push(event);
      if (event.event === 'delta' && !stopping) {
        forget(a);
        a.child.kill('SIGTERM');
        stopping = a.exited;
        await new Promise((r) => setTimeout(r, 300));
        refused = await fetch(`${a.url}/healthz`).then(
          (r) => r.status,
          () => 'connection refused',
        );
      }
    }
    expect(events.at(-1)?.event).toBe('done');
    const done = events.at(-1)!.data as { hist: string; reply: string };
    expect(done.reply).toBe('Slow reply please friend… I hear you.');
    expect(refused).not.toBe(200);
    expect(await stopping).toBe(0);
    expect(await messagesOf(done.hist)).toEqual([
      { role: 'user', content: 'Slow reply please friend' },
      { role: 'assistant', content: 'Slow reply please friend… I hear you.' },
    ]);
    // The other instance goes on serving through the proxy.
    expect((await request(proxyUrl, jar, '/auth/session')).status).toBe(200);
    figures.sigterm = { newRequestWhileDraining: refused, exitCode: 0, replyComplete: true };
  });

  it('kill -9 mid-reply loses no message the person sent; it is retried on another instance', {
    timeout: 120_000,
  }, async () => {
    const c = await startInstance('C', { SHUTDOWN_GRACE_SECONDS: '1' });
    const { jar, id } = await signIn('kim@example.com');
    fake.setTokenDelay(1000);
    const hist = await signalAtFirstWord(b, 'SIGKILL', jar, { userId: id, userInput: 'Do not lose me' });
    await b.exited;
    expect(await messagesOf(hist)).toEqual([{ role: 'user', content: 'Do not lose me' }]);

    fake.setTokenDelay(0);
    const retried = await request(c.url, jar, '/assistant-reply-openai', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxyUrl },
      body: JSON.stringify({
        userId: id,
        characterId: SERAPHINE,
        userInput: 'Do not lose me',
        hist,
        retry: true,
      }),
    });
    expect(retried.status).toBe(200);
    expect(await messagesOf(hist)).toEqual([
      { role: 'user', content: 'Do not lose me' },
      { role: 'assistant', content: 'Do not lose me… I hear you.' },
    ]);

    // And a reply still running when the grace period ends is cut and stored as it was.
    fake.setTokenDelay(1500);
    const cutHist = await signalAtFirstWord(c, 'SIGTERM', jar, {
      userId: id,
      userInput: 'Cut me short please',
    });
    expect(await c.exited).toBe(0);
    const stored = await messagesOf(cutHist);
    expect(stored[0]).toEqual({ role: 'user', content: 'Cut me short please' });
    expect(stored[1]?.role).toBe('assistant');
    expect('Cut me short please… I hear you.'.startsWith(stored[1]!.content)).toBe(true);
    expect(stored[1]!.content.length).toBeGreaterThan(0);
    figures.kill9 = { userMessageKept: true, retriedOnOtherInstance: true };
    figures.cutAtGrace = { storedPartial: stored[1]!.content };
  });
});
