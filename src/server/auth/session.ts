// Finds the signed-in person for an API request straight from the database session.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { TDb } from '../db/client.ts';
import { findSessionCountingReply, findSessionWithUser, type TSessionPerson } from '../db/queries/users.ts';
import type { TLimiterPair } from '../lib/rate-limit.ts';

/** `birthDate` (YYYY-MM-DD) null: not given yet (a Google person is asked once after signing in). */
export type TSessionUser = Omit<TSessionPerson, 'suspendedAt'>;

const COOKIE_NAMES = ['__Secure-authjs.session-token', 'authjs.session-token'];

/** The request's Auth.js session token, if it carries one. */
export const sessionTokenOf = (c: Context): string | undefined =>
  COOKIE_NAMES.map((n) => getCookie(c, n)).find(Boolean);

export async function readSessionUser(c: Context, db: TDb): Promise<TSessionUser | null> {
  const token = sessionTokenOf(c);
  if (!token) return null;
  const row = await findSessionWithUser(db, token);
  // A suspended person's sessions are ended when they are suspended; one that slipped through counts for nothing.
  if (!row || row.user.suspendedAt) return null;
  const { id, email, name, username, image, isSubscribed, birthDate } = row.user;
  return { id, email, name, username, image, isSubscribed, birthDate };
}

/**
 * A reply call's session lookup, counting the attempt against the reply limits in the same statement
 * (one round trip before the model is asked instead of two). As readSessionUser and then the limits
 * would: nothing is counted for no session, a suspended person or one without a date of birth;
 * `checkLimits` throws the 429 when either limit is over (the caller runs it where the limits belong).
 */
export async function readSessionUserCountingReply(
  c: Context,
  db: TDb,
  limits: TLimiterPair,
  address: string,
): Promise<{ user: TSessionUser | null; checkLimits(): void }> {
  const token = sessionTokenOf(c);
  const none = { user: null, checkLimits: () => {} };
  if (!token) return none;
  const now = Date.now();
  const attempt = limits.attempt(address, now);
  const found = await findSessionCountingReply(db, {
    token,
    personPrefix: attempt.firstPrefix,
    personExpire: attempt.firstExpire,
    addressKey: attempt.secondKey,
    addressExpire: attempt.secondExpire,
    now: attempt.now,
  });
  if (!found || found.person.suspendedAt) return none;
  const { id, email, name, username, image, isSubscribed, birthDate } = found.person;
  return {
    user: { id, email, name, username, image, isSubscribed, birthDate },
    checkLimits: () => limits.judge(found.counted, id, address, now),
  };
}
