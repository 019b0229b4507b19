// Failed-password limits that slow a guesser without locking the owner out: counted per account and source
// (the address, or a device that has signed in to the account before), each failure past the free ones
// doubling the wait. Another address, or a known device, is not held up by someone else's guesses.
import type { TDb } from '../../db/client.ts';
import {
  clearSignInFailures,
  recordSignInFailure,
  signInBlockedUntil,
} from '../../db/queries/sign-in-failures.ts';
import { tooMany } from '../../lib/rate-limit.ts';

/** The first wait, the longest, and how long a quiet pair is remembered. */
export const SIGN_IN_BACKOFF = { baseSeconds: 30, maxSeconds: 15 * 60, forgetAfterSeconds: 24 * 3600 };

export type TSignInKey = { accountId: string; source: string };

export const addressSource = (address: string) => `address:${address}`;
export const deviceSource = (deviceId: string) => `device:${deviceId}`;

export type TSignInBackoff = {
  /** Throws a 429 AppError (with Retry-After) while this account and source must wait. */
  check(key: TSignInKey): Promise<void>;
  failed(key: TSignInKey): Promise<void>;
  succeeded(key: TSignInKey): Promise<void>;
};

export function createSignInBackoff(db: TDb, freeFailures: number): TSignInBackoff {
  return {
    async check(key) {
      const now = new Date();
      const until = await signInBlockedUntil(db, key, now);
      if (until) throw tooMany(until.getTime() - now.getTime(), 'sign-in attempts for this account');
    },
    async failed(key) {
      const now = new Date();
      await recordSignInFailure(db, key, {
        now,
        forgetBefore: new Date(now.getTime() - SIGN_IN_BACKOFF.forgetAfterSeconds * 1000),
        freeFailures,
        baseSeconds: SIGN_IN_BACKOFF.baseSeconds,
        maxSeconds: SIGN_IN_BACKOFF.maxSeconds,
      });
    },
    succeeded: (key) => clearSignInFailures(db, key),
  };
}
