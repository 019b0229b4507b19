// Every setting of the server, read once from the environment and validated; the only reader of process.env.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MODEL_URL, EMBEDDING_MODEL_URL } from './ai/download/download-model.ts';

const ZUrl = z.url({ protocol: /^https?$/ });
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

export const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  // The built web app (`npm run build` writes ./dist); a build made elsewhere is served from its folder.
  WEB_DIR: z.string().default('./dist'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  PUBLIC_URL: optional(ZUrl),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  AUTH_GOOGLE_ID: optional(z.string()),
  AUTH_GOOGLE_SECRET: optional(z.string()),
  // Lets tests run the Google code path against the bundled provider.
  AUTH_GOOGLE_ISSUER: optional(ZUrl),
  IDP_NAME: z.string().min(1).default('Kindred ID'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  FREE_DAILY_MESSAGES: z.coerce.number().int().positive().default(20),
  OLLAMA_BASE_URL: ZUrl.default('http://127.0.0.1:11434'),
  OLLAMA_MODEL: z.string().default('llama3.2'),
  OPENAI_BASE_URL: optional(ZUrl),
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  LLAMA_MODEL_FILE: z.string().default('qwen2.5-0.5b-instruct-q4_k_m.gguf'),
  // Where the chat screen's 'Download model' button fetches LLAMA_MODEL_FILE from (tests point it at a local server).
  MODEL_DOWNLOAD_URL: ZUrl.default(DEFAULT_MODEL_URL),
  // Where the owner's 'Download the memory model' fetches the sentence-embedding GGUF from (tests: a local server).
  EMBEDDING_MODEL_DOWNLOAD_URL: ZUrl.default(EMBEDDING_MODEL_URL),
  // Uploaded files go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/media.
  S3_BUCKET: optional(z.string()),
  S3_REGION: z.string().default('auto'),
  S3_ENDPOINT: optional(ZUrl),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_PUBLIC_URL: optional(ZUrl),
  // Comma-separated emails of the owners (model downloads, support inbox, /admin). Empty: the first account.
  ADMIN_EMAILS: z.string().default(''),
  // --- hardening: sign-up and abuse limits (shared by every instance through the database) ---
  ALLOW_SIGNUP: z.stringbool().default(true),
  // Take the client address from X-Forwarded-For (set when Kindred runs behind a proxy you control).
  TRUST_PROXY: z.stringbool().default(false),
  // Wrong passwords for one account from one address (or known device) before each further try waits,
  // 30 seconds and twice as long after every further failure (at most 15 minutes).
  SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  UPLOAD_LIMIT_PER_PERSON: z.coerce.number().int().positive().default(12),
  UPLOAD_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  REPLY_LIMIT_PER_PERSON: z.coerce.number().int().positive().default(30),
  REPLY_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  // Speech made on request (voice samples, a message spoken on demand) per minute, per person and per address.
  VOICE_LIMIT_PER_PERSON: z.coerce.number().int().positive().default(20),
  VOICE_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  // On SIGTERM: how long replies in flight may run on before they are cut and stored as they are.
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(8),
  // Voice: which engine speaks (its own setting, whatever the chat model is), and each engine's settings.
  TTS_ENGINE: z.enum(['flite', 'openai', 'elevenlabs']).default('flite'),
  // flite worker threads; empty: from the cores (one core is always left to the requests).
  TTS_WORKERS: optional(z.coerce.number().int().min(1).max(16)),
  TTS_OPENAI_BASE_URL: ZUrl.default('https://api.openai.com/v1'),
  TTS_OPENAI_API_KEY: optional(z.string()),
  TTS_OPENAI_MODEL: z.string().default('gpt-4o-mini-tts'),
  TTS_ELEVENLABS_BASE_URL: ZUrl.default('https://api.elevenlabs.io'),
  TTS_ELEVENLABS_API_KEY: optional(z.string()),
  TTS_ELEVENLABS_MODEL: z.string().default('eleven_multilingual_v2'),
  // Speech input: an OpenAI-compatible /v1/audio/transcriptions; empty: the browser's recognition only.
  STT_OPENAI_BASE_URL: optional(ZUrl),
  STT_OPENAI_API_KEY: optional(z.string()),
  STT_OPENAI_MODEL: z.string().default('whisper-1'),
  // Plus (billing): Stripe when its three settings are set, else the local test checkout unless switched off.
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_PRICE_ID: optional(z.string()),
  STRIPE_WEBHOOK_SECRET: optional(z.string()),
  // Where the stripe package sends its calls (tests point it at a local fake of the Stripe API).
  STRIPE_API_HOST: optional(z.string()),
  STRIPE_API_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  STRIPE_API_PROTOCOL: optional(z.enum(['http', 'https'])),
  // The local test checkout takes no money: on by itself only while PUBLIC_URL is a loopback address.
  LOCAL_CHECKOUT: optional(z.enum(['on', 'off'])),
  // How long Plus stays on after a failed renewal payment, and after a renewal the webhook has not confirmed yet.
  BILLING_GRACE_DAYS: z.coerce.number().min(0).max(60).default(3),
  // Optional separate remote model for Plus replies.
  PLUS_OPENAI_MODEL: optional(z.string()),
  // Replies generated at once: the embedded/Ollama model (a priority queue, Plus first) and the remote one.
  LOCAL_MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  // Unset: learnt from the provider (adaptive, backs off on 429 or late first tokens); set: the ceiling.
  REMOTE_MODEL_CONCURRENCY: optional(z.coerce.number().int().min(1).max(10_000)),
  // The share of the remote slots free replies may hold; the rest are kept for Plus.
  FREE_CONCURRENCY_SHARE: z.coerce.number().gt(0).max(1).default(0.75),
  // Memories and check-ins. Embeddings: the embedded encoder unless both URL and model are set.
  EMBEDDINGS_URL: optional(ZUrl),
  EMBEDDINGS_MODEL: optional(z.string()),
  EMBEDDINGS_API_KEY: optional(z.string()),
  CHECKIN_MIN_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(6 * 3600),
  CHECKIN_SWEEP_SECONDS: z.coerce.number().int().min(1).default(300),
  CHECKIN_QUIET_HOURS: z
    .string()
    .regex(
      /^(off|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/,
      "must be like 22-8 (hours in the person's time zone) or off",
    )
    .default('22-8'),
  CHECKIN_DAILY_CAP: z.coerce.number().int().min(0).default(2),
  // Web Push: VAPID keys (base64url, as `npx web-push generate-vapid-keys` prints them); unset, a pair is
  // made once and kept in the data folder so every instance on it shares them.
  VAPID_PUBLIC_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key'),
  ),
  /** Who runs this Kindred, for push services: a mailto: or https: URL (default: PUBLIC_URL). */
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:|https?:\/\/)/, 'must start with mailto: or https://')),
  PUSH_SWEEP_SECONDS: z.coerce.number().int().min(1).default(5),
  /** Tests only: accept http:// push endpoints (real push services are https). */
  PUSH_ALLOW_HTTP_ENDPOINTS: z.enum(['on', 'off']).default('off'),
  // Mail: any SMTP relay (smtp:// or smtps://, user and password in the URL); unset: nothing is sent.
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: z.string().min(3).default('Kindred <kindred@localhost>'),
  // Companion safety. An OpenAI-compatible /v1/moderations whose self-harm categories count beside the
  // embedded crisis detector (unset: the embedded detector alone).
  MODERATION_URL: optional(ZUrl),
  MODERATION_API_KEY: optional(z.string()),
  MODERATION_MODEL: optional(z.string()),
  // Minors: no account under MIN_AGE (asked at sign-up, or once after a first Google sign-in); ADULTS_ONLY
  // makes 18 the minimum for everyone.
  MIN_AGE: z.coerce.number().int().min(0).max(99).default(13),
  ADULTS_ONLY: z.stringbool().default(false),
});

export type TConfig = z.infer<typeof ZConfig> & {
  publicUrl: string;
  authSecret: string;
  dataDir: string;
  isGoogleConfigured: boolean;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: string[];
  isStripeConfigured: boolean;
  /** The youngest age that may have an account: MIN_AGE, or 18 with ADULTS_ONLY. */
  minAge: number;
  /** The local test checkout is in use: LOCAL_CHECKOUT=on, or unset with a loopback PUBLIC_URL (and no Stripe). */
  isLocalCheckoutOn: boolean;
};

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}

export class ConfigError extends Error {}

/** Parses the environment; throws one error naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (Boolean(c.AUTH_GOOGLE_ID) !== Boolean(c.AUTH_GOOGLE_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  AUTH_GOOGLE_ID/AUTH_GOOGLE_SECRET: set both or neither');
  }
  if (c.S3_BUCKET && !(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY && c.S3_PUBLIC_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: also set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL',
    );
  }
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  const stripeSettings = [c.STRIPE_SECRET_KEY, c.STRIPE_PRICE_ID, c.STRIPE_WEBHOOK_SECRET];
  if (stripeSettings.some(Boolean) && !stripeSettings.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY/STRIPE_PRICE_ID/STRIPE_WEBHOOK_SECRET: set all three or none',
    );
  }
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const isStripeConfigured = stripeSettings.every(Boolean);
  return {
    ...c,
    dataDir,
    publicUrl,
    minAge: c.ADULTS_ONLY ? Math.max(18, c.MIN_AGE) : c.MIN_AGE,
    isLocalCheckoutOn:
      !isStripeConfigured &&
      (c.LOCAL_CHECKOUT === 'on' || (c.LOCAL_CHECKOUT === undefined && isLoopbackUrl(publicUrl))),
    authSecret: c.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    isGoogleConfigured: Boolean(c.AUTH_GOOGLE_ID && c.AUTH_GOOGLE_SECRET),
    isStripeConfigured,
    adminEmails: c.ADMIN_EMAILS.split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  };
}

/** Node's own .env loader, so a .env file works without a dependency. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
