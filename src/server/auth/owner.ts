// Who owns this installation: the accounts in ADMIN_EMAILS, or (when it is empty) the first account made.
import type { TDb } from '../db/client.ts';
import { firstUserId } from '../db/queries/users.ts';
import { AppError } from '../lib/errors.ts';
import { requireUser, type TAppContext } from '../lib/http.ts';
import type { TSessionUser } from './session.ts';

export async function isOwner(
  db: TDb,
  adminEmails: readonly string[],
  user: Pick<TSessionUser, 'id' | 'email'>,
): Promise<boolean> {
  if (adminEmails.length > 0) return adminEmails.includes(user.email.toLowerCase());
  return (await firstUserId(db)) === user.id;
}

/** The signed-in owner, or 403 for anyone else (401 when signed out). */
export async function requireOwner(
  c: TAppContext,
  db: TDb,
  adminEmails: readonly string[],
): Promise<TSessionUser> {
  const user = requireUser(c);
  if (!(await isOwner(db, adminEmails, user))) {
    throw new AppError('forbidden', 'Only the owner of this Kindred can do that');
  }
  return user;
}
