// Builds the Hono app: guards, routes, the SPA, and the one error handler.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { BIRTH_DATE_NEEDED_MESSAGE } from '../shared/birth-date.ts';
import { modelSetFromConfig, type TModelSet } from './ai/model-set.ts';
import { createSignInBackoff } from './auth/idp/sign-in-backoff.ts';
import { readSessionUser, readSessionUserCountingReply } from './auth/session.ts';
import { createBilling, describeBilling } from './billing/index.ts';
import { planTable } from './billing/plans.ts';
import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import type { TJobRunner } from './jobs/runner.ts';
import { compressResponses } from './lib/compress.ts';
import type { TDrain } from './lib/drain.ts';
import { AppError } from './lib/errors.ts';
import { requireUser, type TAppEnv } from './lib/http.ts';
import type { TLogger } from './lib/logger.ts';
import { clientAddress, createRateLimits, type TLimiter } from './lib/rate-limit.ts';
import { limitBody, sameOriginWrites, securityHeaders } from './lib/security.ts';
import { createMailer, type TMailer } from './mail/mailer.ts';
import { createEmbedder } from './memory/embedder.ts';
import { BILLING_WEBHOOK_PATH } from './routes/billing.ts';
import { mountRoutes } from './routes/index.ts';
import { createMemoryService, type TMemoryService } from './services/memories/memory-service.ts';
import type { TSafety } from './services/safety/crisis-care.ts';
import { safetyFromConfig } from './services/safety/safety-from-config.ts';
import { createStorage, type TStorage } from './storage/index.ts';
import { createVoiceEngine, type TVoiceEngine } from './voice/index.ts';

export type TAppDeps = {
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  /** The plan-aware chat models (shared with the jobs); made from config when absent (tests point config at a fake server). */
  models?: TModelSet;
  /** Folder of the built SPA; absent in API-only tests. */
  webDir?: string;
  /** Where uploads go; chosen from config when absent. */
  storage?: TStorage;
  /** The background jobs runner, for /admin's queue summary; absent in tests that run no jobs. */
  jobs?: TJobRunner;
  /** Tracks requests in flight for a graceful SIGTERM (index.ts); absent in tests. */
  drain?: TDrain;
  /** The text-to-speech engine; chosen from config (TTS_ENGINE) when absent. */
  voice?: TVoiceEngine;
  /** Outgoing mail; made from config (SMTP_URL) when absent, null for none. */
  mailer?: TMailer | null;
  /** Memory (recall, remember, search); made from config when absent. */
  memory?: TMemoryService;
  /** Crisis care and the reply check; made from config (with memory's encoder) when absent. */
  safety?: TSafety;
};

/** Paths the browser navigates to that belong to the SPA (everything else is API, auth or files). */
const SERVER_PREFIXES = [
  '/api/',
  '/auth/',
  '/idp/',
  '/media/',
  '/upload/',
  '/assistant-',
  '/ollama-health',
  '/healthz',
  '/readyz',
  '/safety-protocol',
];

/** The calls that make the model answer: a new message, answering again, going on, a group's turn. */
const REPLY_PATHS = [
  '/assistant-reply-*',
  '/api/chatlogs/:uuid/messages/:position/regenerate',
  '/api/chatlogs/:uuid/messages/:position/continue',
  '/api/groups/:uuid/turn',
];

export function createApp(deps: TAppDeps) {
  const { config, database, logger } = deps;
  const db = database.db;
  const storage = deps.storage ?? createStorage(config);
  const voice = { db, engine: deps.voice ?? createVoiceEngine(config), storage, secret: config.authSecret };
  const transcriber = config.STT_OPENAI_BASE_URL
    ? {
        baseUrl: config.STT_OPENAI_BASE_URL,
        apiKey: config.STT_OPENAI_API_KEY,
        model: config.STT_OPENAI_MODEL,
      }
    : null;
  const models = deps.models ?? modelSetFromConfig(config);
  const memory =
    deps.memory ??
    createMemoryService({ database, embedder: createEmbedder(config, logger), log: logger, models });
  const app = new Hono<TAppEnv>();
  const limits = createRateLimits(db, config);

  if (deps.drain) app.use(deps.drain.middleware);
  // Hashed build files carry no request id header (its bytes again on each of ~30 scripts); logs keep it.
  const withRequestId = requestId();
  const withoutHeader = requestId({ headerName: '' });
  app.use((c, next) => (c.req.path.startsWith('/assets/') ? withoutHeader(c, next) : withRequestId(c, next)));
  app.use(async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(securityHeaders());
  app.use(compressResponses());
  app.use(sameOriginWrites(config.publicUrl, [BILLING_WEBHOOK_PATH]));
  app.use('/upload/*', limitBody(config.UPLOAD_LIMIT_BYTES + 64 * 1024));
  const apiBodyLimit = limitBody(config.BODY_LIMIT_BYTES);
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/upload/')) return next();
    return apiBodyLimit(c, next);
  });
  // Only the signed-in calls look up the session: pages, files, health and sign-in itself need none.
  app.use(async (c, next) => {
    c.set('user', null);
    return next();
  });
  // A reply's session lookup counts it against the reply limits too (one statement; checked below, after
  // the date of birth, where the limits always were).
  for (const path of REPLY_PATHS) {
    app.use(path, async (c, next) => {
      if (c.req.method !== 'POST') return next();
      const address = clientAddress(c, config.TRUST_PROXY);
      const found = await readSessionUserCountingReply(c, db, limits.reply, address);
      c.set('user', found.user);
      c.set('checkReplyLimits', found.checkLimits);
      return next();
    });
  }
  for (const guarded of ['/api/*', '/upload/*', '/assistant-*', '/ollama-health']) {
    app.use(guarded, async (c, next) => {
      if (c.req.path === BILLING_WEBHOOK_PATH) return next(); // signed by Stripe, not by a session
      if (c.get('checkReplyLimits')) {
        requireUser(c);
        return next();
      }
      c.set('user', await readSessionUser(c, db));
      requireUser(c);
      return next();
    });
  }

  // Minors (issue 23): someone who signed in without a date of birth (Google) gives it before chatting or
  // making a character, so the age rules apply from their first message.
  const birthDateFirst: MiddlewareHandler<TAppEnv> = async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PUT') return next();
    if (!requireUser(c).birthDate) throw new AppError('birth_date_needed', BIRTH_DATE_NEEDED_MESSAGE);
    return next();
  };
  for (const path of [
    ...REPLY_PATHS,
    '/api/groups',
    '/api/character-personas',
    '/api/character-personas/:characterId',
    '/upload/character-card',
  ]) {
    app.use(path, birthDateFirst);
  }

  // Abuse limits (per person and per address, shared through the database) on uploads and replies.
  const perPerson = (person: TLimiter, address: TLimiter): MiddlewareHandler<TAppEnv> => {
    return async (c, next) => {
      if (c.req.method !== 'POST') return next();
      await person.consume(requireUser(c).id);
      await address.consume(clientAddress(c, config.TRUST_PROXY));
      return next();
    };
  };
  app.use('/upload/*', perPerson(limits.uploadPerson, limits.uploadAddress));
  // Every call that makes the model answer counts: a new message, and answering again or going on.
  const replyLimit: MiddlewareHandler<TAppEnv> = async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const checkLimits = c.get('checkReplyLimits');
    if (checkLimits) checkLimits();
    else await limits.reply.consume(requireUser(c).id, clientAddress(c, config.TRUST_PROXY));
    return next();
  };
  for (const path of REPLY_PATHS) app.use(path, replyLimit);
  // Speech made on request: a voice sample and a message spoken on demand.
  const voiceLimit: MiddlewareHandler<TAppEnv> = async (c, next) => {
    await limits.voice.consume(requireUser(c).id, clientAddress(c, config.TRUST_PROXY));
    return next();
  };
  app.post('/api/voice/create', voiceLimit);
  app.post('/api/voice/speak', voiceLimit);

  app.post('/auth/signin/*', async (c, next) => {
    await limits.signInAddress.consume(clientAddress(c, config.TRUST_PROXY));
    return next();
  });
  const billing = createBilling(config, db);
  logger.info({ billing: billing?.kind ?? 'off' }, describeBilling(config));
  mountRoutes(app, {
    config,
    database,
    logger,
    models,
    plans: planTable(config),
    billing,
    storage,
    voice,
    transcriber,
    memory,
    safety:
      deps.safety ??
      // The crisis detector's thresholds were chosen on the shipped encoder: it keeps it whatever memory uses.
      safetyFromConfig({ config, db, embedder: memory.embedder.shipped ?? memory.embedder, log: logger }),
    limits,
    backoff: createSignInBackoff(db, config.SIGN_IN_LIMIT_PER_ACCOUNT),
    mailer: deps.mailer === undefined ? createMailer(config) : deps.mailer,
    jobs: deps.jobs,
  });

  app.use('/media/*', serveStatic({ root: path.relative(process.cwd(), config.dataDir) }));
  if (deps.webDir && existsSync(path.join(deps.webDir, 'index.html'))) mountSpa(app, deps.webDir);

  app.notFound((c) =>
    c.json({ code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404),
  );
  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json({ code: error.code, message: error.message }, error.status, error.headers);
    }
    if (error instanceof HTTPException) {
      return c.json({ code: 'bad_request', message: error.message || 'Bad request' }, error.status);
    }
    (c.get('log') ?? logger).error({ err: error }, 'unhandled error');
    return c.json({ code: 'internal', message: 'Something went wrong on our side' }, 500);
  });
  return app;
}

function mountSpa(app: Hono<TAppEnv>, webDir: string) {
  const root = path.relative(process.cwd(), webDir);
  const indexHtml = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  // The build wrote .br and .gz copies (scripts/vite-precompress.ts): each file goes out in the encoding
  // the browser accepts. Hashed names never change content, so they are cached for a year.
  const files = (cacheControl: string) =>
    serveStatic({
      root,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('Cache-Control', cacheControl);
      },
    });
  app.use('/assets/*', files('public, max-age=31536000, immutable'));
  app.use('*', files('no-cache'));
  app.get('*', (c, next) => {
    if (SERVER_PREFIXES.some((p) => c.req.path.startsWith(p))) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
