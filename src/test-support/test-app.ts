// Builds the real app on a test database, and signs people in by writing their session row.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { modelSetFromConfig } from '../server/ai/model-set.ts';
import { createApp, type TAppDeps } from '../server/app.ts';
import { loadConfig, type TConfig } from '../server/config.ts';
import type { TDatabase } from '../server/db/client.ts';
import { upsertSubscription } from '../server/db/queries/billing.ts';
import { insertSession, insertUser } from '../server/db/queries/users.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createEmbedder } from '../server/memory/embedder.ts';
import { createMemoryService, type TMemoryService } from '../server/services/memories/memory-service.ts';
import { openTestDatabase } from './test-db.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Abuse limits out of the way of tests about something else. */
export const LIFTED_LIMITS = {
  SIGN_IN_LIMIT_PER_ADDRESS: '1000000',
  UPLOAD_LIMIT_PER_PERSON: '1000000',
  UPLOAD_LIMIT_PER_ADDRESS: '1000000',
  REPLY_LIMIT_PER_PERSON: '1000000',
  REPLY_LIMIT_PER_ADDRESS: '1000000',
  VOICE_LIMIT_PER_PERSON: '1000000',
  VOICE_LIMIT_PER_ADDRESS: '1000000',
};

export type TTestApp = {
  app: ReturnType<typeof createApp>;
  database: TDatabase;
  config: TConfig;
  /** The app's memory (tests wait for its judge with `memory.idle()`). */
  memory: TMemoryService;
  close(): Promise<void>;
};

/**
 * The real app on `database`, answering at `publicUrl`, in a fresh data folder, with `env` on top of the
 * tests' settings; its memory is made here so closing can stop the judge's queue before the database.
 */
export function buildApp(
  database: TDatabase,
  publicUrl: string,
  env: Record<string, string> = {},
  extra: Partial<Omit<TAppDeps, 'config' | 'database' | 'logger'>> = {},
) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-test-')),
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0000',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // Every in-process request comes from one "address": tests of the limits set their own.
    ...LIFTED_LIMITS,
    ...env,
  });
  const logger = createLogger('silent');
  const models = extra.models ?? modelSetFromConfig(config);
  const memory =
    extra.memory ?? createMemoryService({ database, embedder: createEmbedder(config), log: logger, models });
  const app = createApp({ config, database, logger, ...extra, models, memory });
  return { app, config, memory };
}

export async function createTestApp(
  env: Record<string, string> = {},
  extra: Partial<Omit<TAppDeps, 'config' | 'database' | 'logger'>> = {},
): Promise<TTestApp> {
  const database = await openTestDatabase();
  const { app, config, memory } = buildApp(database, TEST_ORIGIN, env, extra);
  return {
    app,
    database,
    config,
    memory,
    close: async () => {
      await memory.stop();
      await database.close();
    },
  };
}

export type TTestUser = { id: number; email: string; username: string; cookie: string };

/** The date of birth test people have unless a test gives another (an adult's). */
export const ADULT_BIRTH_DATE = '1990-01-01';

let counter = 0;

export async function createSignedInUser(
  database: TDatabase,
  /** birthDate: an adult's unless given; null for a person who signed in without one (Google). */
  opts: { name?: string; isSubscribed?: boolean; birthDate?: string | null } = {},
): Promise<TTestUser> {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  const user = await insertUser(database.db, {
    email: `person${tag}@example.com`,
    name: opts.name ?? `Person ${tag}`,
    image: null,
    username: `person${tag}`,
    birthDate: opts.birthDate === undefined ? ADULT_BIRTH_DATE : opts.birthDate,
  });
  if (opts.isSubscribed) await givePlus(database, user.id);
  const sessionToken = randomBytes(24).toString('hex');
  await insertSession(database.db, {
    sessionToken,
    userId: user.id,
    expires: new Date(Date.now() + 3600_000),
  });
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    cookie: `authjs.session-token=${sessionToken}`,
  };
}

/** JSON request helper; signed in when a user is given, same-origin unless told otherwise. */
export function call(
  t: TTestApp,
  method: string,
  url: string,
  opts: { user?: TTestUser; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
  if (opts.user) headers.cookie = opts.user.cookie;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof opts.json === 'string' ? opts.json : JSON.stringify(opts.json);
  }
  return t.app.request(url, { method, headers, body });
}

/** A paid-up Plus subscription (the plan is derived from it). */
export async function givePlus(database: TDatabase, userId: number, days = 30) {
  const end = new Date(Date.now() + days * 24 * 3600_000);
  await upsertSubscription(database.db, {
    userId,
    provider: 'local',
    customerId: `local_cus_${userId}`,
    subscriptionId: `local_sub_${userId}`,
    status: 'active',
    currentPeriodStart: new Date(),
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
    plusUntil: end,
  });
}
