// Instances of the app as their own processes (`node src/server/index.ts`) on one test database, behind a
// small round-robin proxy, with a fake OpenAI-compatible model: for tests of more than one server.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TDatabase } from '../server/db/client.ts';
import { chatMessages } from '../server/db/schema.ts';
import type { TReplyStreamEvent } from '../shared/chat.ts';
import { readReplyStream } from '../shared/reply-stream.ts';
import { startFakeOpenAI, type TFakeOpenAI } from './fake-openai-server.ts';
import { freePort, listenLocally } from './local-server.ts';
import { cookieHeader, request, signInThroughProvider, type TCookieJar } from './sign-in-flow.ts';
import { serverArgs } from './start-flags.ts';
import { openTestDatabase } from './test-db.ts';

export const SERAPHINE = 1;
/** An app process behind the proxy. */
export type TInstance = {
  port: number;
  /** The instance itself, not through the proxy. */
  url: string;
  child: ChildProcess;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
};
export type TEvent = TReplyStreamEvent & { at: number };

/**
 * The database, the fake model and the proxy (`start`), the instances started behind it, and `close`, which
 * kills what is still running and closes what was opened.
 */
export function createInstances() {
  let database: TDatabase;
  let fake: TFakeOpenAI;
  let proxy: http.Server;
  let proxyUrl: string;
  let dataDir: string;
  const backends: TInstance[] = [];

  async function startInstance(name: string, env: Record<string, string> = {}): Promise<TInstance> {
    const port = await freePort();
    const child = spawn(process.execPath, serverArgs(), {
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
      if (child.exitCode !== null)
        throw new Error(`${name} exited with ${child.exitCode} before it was ready`);
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
    const instance = { port, url, child, exited };
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

  return {
    get database() {
      return database;
    },
    get fake() {
      return fake;
    },
    get proxyUrl() {
      return proxyUrl;
    },
    async start() {
      database = await openTestDatabase();
      fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', logRequests: false });
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-two-'));
      proxyUrl = `http://127.0.0.1:${await startProxy()}`;
    },
    async close() {
      for (const instance of [...backends]) instance.child.kill('SIGKILL');
      await new Promise((r) => proxy?.close(r));
      await fake?.close();
      await database?.close();
    },
    startInstance,
    forget,
    signalAtFirstWord,
    streamReply,
    messagesOf,
    signIn,
  };
}
