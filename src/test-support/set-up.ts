// The suites' set-up, once: hooks that build an app (and the people in it) before a suite's tests and
// close it after them. What they answer is filled in by then: read it inside tests and hooks only.
import { afterAll, beforeAll } from 'vitest';
import { modelSetFromConfig } from '../server/ai/model-set.ts';
import { createApp, type TAppDeps } from '../server/app.ts';
import type { TDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createEmbedder, type TEmbedder } from '../server/memory/embedder.ts';
import { createMemoryService } from '../server/services/memories/memory-service.ts';
import { createFliteEngine } from '../server/voice/flite-engine.ts';
import { startFakeSmtp, type TFakeSmtp } from './fake-smtp-server.ts';
import { startHttpApp, type THttpApp } from './http-app.ts';
import { createReplyTestApp, type TReplyTestApp } from './reply-test-app.ts';
import { call, createSignedInUser, createTestApp, type TTestApp, type TTestUser } from './test-app.ts';
import { avatarPng } from './test-cards.ts';
import { openTestDatabase } from './test-db.ts';

type TExtraDeps = Partial<Omit<TAppDeps, 'config' | 'database' | 'logger'>>;

/** Hooks that build `make()`'s object before the suite's tests and close it after them. */
export function setUpBuilt<T extends { close(): Promise<void> }>(make: () => Promise<T>): T {
  const handle = {} as T;
  beforeAll(async () => {
    Object.assign(handle, await make());
  }, 180_000);
  afterAll(() => handle.close());
  return handle;
}

/** A fresh, migrated and seeded test database of the suite's own (see openTestDatabase). */
export const setUpTestDatabase = (): TDatabase => setUpBuilt(openTestDatabase);

/** The real app on a test database (see createTestApp). */
export const setUpTestApp = (env: Record<string, string> = {}, extra: TExtraDeps = {}): TTestApp =>
  setUpBuilt(() => createTestApp(env, extra));

/** The app whose remote model is a fake OpenAI-compatible server (see createReplyTestApp). */
export const setUpReplyTestApp = (env: Record<string, string> = {}, extra: TExtraDeps = {}): TReplyTestApp =>
  setUpBuilt(() => createReplyTestApp(env, extra));

/**
 * The reply app with its memory's encoder wrapped by `embedder` (to count its calls); the fake model
 * is the encoder with `embeddings`.
 */
export const setUpEncoderTestApp = (
  embedder: (configured: TEmbedder) => TEmbedder,
  opts: { embeddings?: boolean } = {},
): TReplyTestApp =>
  setUpBuilt(async () => {
    const t = await createReplyTestApp({}, {}, opts);
    const logger = createLogger('silent');
    const models = modelSetFromConfig(t.config);
    const wrapped = embedder(createEmbedder(t.config));
    const memory = createMemoryService({ database: t.database, embedder: wrapped, log: logger, models });
    const app = createApp({ config: t.config, database: t.database, logger, memory, models });
    return {
      ...t,
      app,
      memory,
      close: async () => {
        await memory.stop();
        await t.close();
      },
    };
  });

/** The app on a real port; with `smtp`, a fake SMTP server receives its mail (closed after it). */
export function setUpHttpApp(env: Record<string, string> = {}, opts: { smtp?: boolean } = {}) {
  const smtp = opts.smtp ? setUpBuilt(startFakeSmtp) : undefined;
  const app = setUpBuilt(() => startHttpApp(smtp ? { SMTP_URL: smtp.url, ...env } : env));
  return { app, smtp: smtp as TFakeSmtp } as { app: THttpApp; smtp: TFakeSmtp };
}

/** The bundled speech engine (Flite) for the suite's app, closed after its tests. */
export function setUpFliteEngine() {
  const engine = createFliteEngine();
  afterAll(() => engine.close());
  return engine;
}

/** A signed-in person of the suite's app, made before its tests (after the app). */
export function setUpPerson(t: TTestApp, opts: Parameters<typeof createSignedInUser>[1] = {}): TTestUser {
  const person = {} as TTestUser;
  beforeAll(async () => {
    Object.assign(person, await createSignedInUser(t.database, opts));
  }, 180_000);
  return person;
}

/** Uploads a small PNG as the person's avatar (201) and answers its URL. */
export async function uploadAvatar(t: TTestApp, user: TTestUser): Promise<string> {
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(await avatarPng())], 'a.png', { type: 'image/png' }));
  const res = await call(t, 'POST', '/upload/avatar', { user, body: form });
  if (res.status !== 201) throw new Error(`Avatar upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { avatarUrl: string }).avatarUrl;
}
