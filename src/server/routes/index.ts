// The URL map: every router at its prefix, and the spec's calls outside /api by their own paths. The guards
// (sign-in, birth date, rate limits, body limits) are in app.ts, the handlers in this folder's files.
import type { Hono } from 'hono';
import type { TModelSet } from '../ai/model-set.ts';
import { createAuthConfig } from '../auth/auth-config.ts';
import { createIdp, isIdpEnabled } from '../auth/idp/provider.ts';
import { createIdpRoutes } from '../auth/idp/routes.ts';
import type { TSignInBackoff } from '../auth/idp/sign-in-backoff.ts';
import { createAuthRoutes } from '../auth/routes.ts';
import type { TBilling } from '../billing/billing.ts';
import type { TPlanTable } from '../billing/plans.ts';
import type { TConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import type { TJobRunner } from '../jobs/runner.ts';
import type { TAppEnv } from '../lib/http.ts';
import type { TLogger } from '../lib/logger.ts';
import type { TRateLimits } from '../lib/rate-limit.ts';
import type { TMailer } from '../mail/mailer.ts';
import { loadOrCreateVapid } from '../push/vapid.ts';
import type { TMemoryService } from '../services/memories/memory-service.ts';
import type { TSafety } from '../services/safety/crisis-care.ts';
import type { TTranscriber } from '../services/voice/transcribe.ts';
import type { TVoiceDeps } from '../services/voice/voice-store.ts';
import type { TStorage } from '../storage/index.ts';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { assistantCalls } from './assistant.ts';
import { billingRoutes, subscribeRoutes } from './billing.ts';
import { cardExportRoutes, cardImportRoutes } from './cards.ts';
import { charactersRoutes } from './characters.ts';
import { chatLogsRoutes } from './chatlogs.ts';
import { groupsRoutes } from './groups.ts';
import { liveness, readiness } from './health.ts';
import {
  characterLorebookRoutes,
  chatLorebooksRoutes,
  lorebookImportRoutes,
  lorebooksRoutes,
} from './lorebooks.ts';
import { memoriesRoutes, memorySearchRoutes } from './memories.ts';
import { messagesRoutes } from './messages.ts';
import { modelsRoutes } from './models.ts';
import { pushRoutes } from './push.ts';
import { reportsRoutes } from './reports.ts';
import { safetyProtocolCall, safetyRoutes } from './safety.ts';
import { settingsRoutes } from './settings.ts';
import { supportInboxRoutes, supportRoutes } from './support.ts';
import { avatarUploadRoutes } from './upload.ts';
import { userPersonaRoutes } from './user-persona.ts';
import { usersRoutes } from './users.ts';
import { transcribeRoutes, voiceRoutes } from './voice.ts';

export type TRouteDeps = {
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  models: TModelSet;
  plans: TPlanTable;
  billing: TBilling | null;
  storage: TStorage;
  voice: TVoiceDeps;
  transcriber: TTranscriber | null;
  memory: TMemoryService;
  safety: TSafety;
  limits: TRateLimits;
  backoff: TSignInBackoff;
  mailer: TMailer | null;
  jobs?: TJobRunner;
};

export function mountRoutes(app: Hono<TAppEnv>, deps: TRouteDeps) {
  const { config, database, models, plans, storage, memory, safety } = deps;
  const db = database.db;
  const replyDeps = { db, models, plans, voice: deps.voice, memory, safety };
  const uploadMax = config.UPLOAD_LIMIT_BYTES;

  // Outside /api: health, the spec's reply and memory calls, the published safety protocol.
  const assistant = assistantCalls(replyDeps);
  app.get('/healthz', liveness);
  app.get('/readyz', readiness(database));
  app.get('/ollama-health', assistant.ollamaHealth);
  app.get('/assistant-usage', assistant.usage);
  app.post('/assistant-reply-original', assistant.reply('local'));
  app.post('/assistant-reply-openai', assistant.reply('remote'));
  app.get('/safety-protocol', safetyProtocolCall(config.dataDir, safety));
  app.route('/assistant-memories-search', memorySearchRoutes(memory, db));

  // Sign-in: Auth.js, and the bundled identity provider when it is the one in use.
  app.route('/auth', createAuthRoutes(createAuthConfig(config, db), config.publicUrl));
  if (isIdpEnabled(config)) {
    app.route(
      '/idp',
      createIdpRoutes(createIdp(config, db), db, {
        providerName: config.IDP_NAME,
        allowSignup: config.ALLOW_SIGNUP,
        minAge: config.minAge,
        limits: deps.limits,
        backoff: deps.backoff,
        secret: config.authSecret,
        trustProxy: config.TRUST_PROXY,
        publicUrl: config.publicUrl,
        mailer: deps.mailer,
        log: deps.logger,
      }),
    );
  }

  // Multipart uploads (their own body limit).
  app.route('/upload/avatar', avatarUploadRoutes(storage, uploadMax, db));
  app.route('/upload/character-card', cardImportRoutes(db, storage, uploadMax));
  app.route('/upload/lorebook', lorebookImportRoutes(db));
  app.route('/upload/transcribe', transcribeRoutes(deps.transcriber, safety));

  // The JSON API.
  app.route('/api/users', usersRoutes(db));
  app.route('/api/persona', userPersonaRoutes(db));
  app.route('/api/settings', settingsRoutes(db));
  app.route(
    '/api/account',
    accountRoutes(
      db,
      storage,
      config.adminEmails,
      { backoff: deps.backoff, trustProxy: config.TRUST_PROXY },
      { minAge: config.minAge },
    ),
  );
  app.route('/api/character-personas', charactersRoutes(db, storage));
  app.route('/api/character-personas/:characterId/lorebook', characterLorebookRoutes(db));
  app.route('/api/character-cards', cardExportRoutes(db, storage));
  app.route('/api/chatlogs', chatLogsRoutes(db));
  // Conversation controls: greetings, regenerate, continue, swipe, edit, rewind, rate.
  app.route('/api/chatlogs', messagesRoutes(replyDeps));
  app.route('/api/chatlogs/:uuid/lorebooks', chatLorebooksRoutes(db));
  app.route('/api/groups', groupsRoutes(replyDeps));
  app.route('/api/lorebooks', lorebooksRoutes(db));
  app.route('/api/memories', memoriesRoutes(db, memory));
  app.route('/api/voice', voiceRoutes({ ...deps.voice, transcriber: deps.transcriber }));
  app.route('/api/models', modelsRoutes(config, db, models, memory));
  app.route('/api/safety', safetyRoutes(db, safety));
  app.route('/api/reports', reportsRoutes(db));
  const publicKey = loadOrCreateVapid(config).publicKey;
  const allowHttpEndpoints = config.PUSH_ALLOW_HTTP_ENDPOINTS === 'on';
  app.route('/api/push', pushRoutes({ db, publicKey, allowHttpEndpoints }));
  app.route('/api/subscribe', subscribeRoutes(deps.billing));
  app.route(
    '/api/billing',
    billingRoutes({ db, billing: deps.billing, graceDays: config.BILLING_GRACE_DAYS }),
  );
  app.route('/api/support', supportRoutes(db, plans));
  app.route('/api/admin/support', supportInboxRoutes(db, config.adminEmails));
  app.route('/api/admin', adminRoutes(db, config, deps.jobs));
}
