// Finds the signed-in person for an API request straight from the database session.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { TDb } from '../db/client.ts';
import { findSessionWithUser } from '../db/queries/users.ts';

export type TSessionUser = {
  id: number;
  email: string;
  name: string | null;
  username: string;
  image: string | null;
  isSubscribed: boolean;
  /** Date of birth (YYYY-MM-DD); null: not given yet (a Google person is asked once after signing in). */
  birthDate: string | null;
};

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
