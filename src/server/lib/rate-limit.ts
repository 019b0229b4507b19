// Abuse limits stored in the database (rate-limiter-flexible's Drizzle store), so every instance shares them.
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { TAppContext } from './http.ts';

export type TLimiter = {
  /** Counts one attempt for the key; throws a 429 AppError with Retry-After once the key is over. */
  consume(key: string | number): Promise<void>;
  /** Whether the key is over its limit now, without counting (a 429 AppError when it is). */
  check(key: string | number): Promise<void>;
  reset(key: string | number): Promise<void>;
};

export function tooMany(msBeforeNext: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('too_many_requests', `Too many ${what}; try again in ${seconds} seconds`, {
    'Retry-After': String(seconds),
  });
}

type TLimitOptions = { name: string; points: number; durationSec: number; what: string };

export function createLimiter(db: TDb, opts: TLimitOptions): TLimiter {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: opts.name,
    points: opts.points,
    duration: opts.durationSec,
    // The cleanup job removes expired rows; a timer here would keep test processes alive.
    clearExpiredByTimeout: false,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(String(key));
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext, opts.what);
        throw error;
      }
    },
    async check(key) {
      const res = await limiter.get(String(key));
      if (res && res.consumedPoints >= opts.points) throw tooMany(res.msBeforeNext, opts.what);
    },
    async reset(key) {
      await limiter.delete(String(key));
    },
  };
}

/** Two limits on one call (per person and per address) counted together. */
export type TLimiterPair = {
  /** Counts one attempt for each key; throws a 429 AppError with Retry-After when either key is over. */
  consume(first: string | number, second: string | number): Promise<void>;
  /**
   * For a statement that counts the attempt along with something else (the reply's session lookup): the
   * rows' keys (the first as its prefix, for a first key the statement finds) and their expiry from `now`.
   */
  attempt(second: string | number, now: number): TPairAttempt;
  /** After such a statement: throws the 429 when either key's counted row is over its limit. */
  judge(rows: TCountedRow[], first: string | number, second: string | number, now: number): void;
};

export type TPairAttempt = {
  firstPrefix: string;
  firstExpire: Date;
  secondKey: string;
  secondExpire: Date;
  now: Date;
};

type TCountedRow = { key: string; points: number; expire: Date | string | null };

/**
 * Two limits counted in one prepared statement: the reply path's, where the per-person and per-address
 * counts were two statements built per call. The rows are rate-limiter-flexible's (the same keys, points
 * and expiry), so `createLimiter` with the same name reads and resets them, and the cleanup job removes
 * them. Both keys count an attempt even when one of them refuses it.
 */
export function createLimiterPair(db: TDb, first: TLimitOptions, second: TLimitOptions): TLimiterPair {
  // rate-limiter-flexible's key: `${keyPrefix}:${key}`.
  const keyOf = (opts: TLimitOptions, key: string | number) => `${opts.name}:${key}`;
  const statement = db
    .insert(rateLimits)
    .values([
      { key: sql.placeholder('firstKey'), points: 1, expire: sql.placeholder('firstExpire') },
      { key: sql.placeholder('secondKey'), points: 1, expire: sql.placeholder('secondExpire') },
    ])
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${rateLimits.expire} <= ${sql.placeholder('now')}::timestamptz then 1 else ${rateLimits.points} + 1 end`,
        expire: sql`case when ${rateLimits.expire} <= ${sql.placeholder('now')}::timestamptz then excluded.expire else ${rateLimits.expire} end`,
      },
    })
    .returning({ key: rateLimits.key, points: rateLimits.points, expire: rateLimits.expire })
    .prepare('consume_limit_pair');
  const judge: TLimiterPair['judge'] = (rows, firstKey, secondKey, now) => {
    for (const opts of [first, second]) {
      const row = rows.find((r) => r.key === keyOf(opts, opts === first ? firstKey : secondKey));
      if (row && row.points > opts.points) {
        throw tooMany((row.expire ? new Date(row.expire).getTime() : now) - now, opts.what);
      }
    }
  };
  return {
    async consume(firstKey, secondKey) {
      const now = Date.now();
      const rows = await statement.execute({
        firstKey: keyOf(first, firstKey),
        firstExpire: new Date(now + first.durationSec * 1000),
        secondKey: keyOf(second, secondKey),
        secondExpire: new Date(now + second.durationSec * 1000),
        now: new Date(now).toISOString(),
      });
      judge(rows, firstKey, secondKey, now);
    },
    attempt: (secondKey, now) => ({
      firstPrefix: keyOf(first, ''),
      firstExpire: new Date(now + first.durationSec * 1000),
      secondKey: keyOf(second, secondKey),
      secondExpire: new Date(now + second.durationSec * 1000),
      now: new Date(now),
    }),
    judge,
  };
}

/** The client's address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is set. */
export function clientAddress(c: TAppContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'unknown';
  }
}

export type TRateLimits = ReturnType<typeof createRateLimits>;

/** The limits of the issue: sign-in, uploads, replies and speech, per person and per address. */
export function createRateLimits(db: TDb, config: TConfig) {
  const quarter = 15 * 60;
  return {
    signInAddress: createLimiter(db, {
      name: 'signin-address',
      points: config.SIGN_IN_LIMIT_PER_ADDRESS,
      durationSec: quarter,
      what: 'sign-in attempts',
    }),
    uploadPerson: createLimiter(db, {
      name: 'upload-person',
      points: config.UPLOAD_LIMIT_PER_PERSON,
      durationSec: quarter,
      what: 'uploads',
    }),
    uploadAddress: createLimiter(db, {
      name: 'upload-address',
      points: config.UPLOAD_LIMIT_PER_ADDRESS,
      durationSec: quarter,
      what: 'uploads',
    }),
    // Every reply counts both, so they share one statement.
    reply: createLimiterPair(
      db,
      { name: 'reply-person', points: config.REPLY_LIMIT_PER_PERSON, durationSec: 60, what: 'messages' },
      { name: 'reply-address', points: config.REPLY_LIMIT_PER_ADDRESS, durationSec: 60, what: 'messages' },
    ),
    // Voice samples and speech on demand: each call can make seconds of audio, so they are limited like replies.
    voice: createLimiterPair(
      db,
      {
        name: 'voice-person',
        points: config.VOICE_LIMIT_PER_PERSON,
        durationSec: 60,
        what: 'voice requests',
      },
      {
        name: 'voice-address',
        points: config.VOICE_LIMIT_PER_ADDRESS,
        durationSec: 60,
        what: 'voice requests',
      },
    ),
  };
}
