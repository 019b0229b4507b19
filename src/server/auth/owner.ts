// Who owns this installation: the accounts in ADMIN_EMAILS, or (when it is empty) the first account made.
// Ownership is never inherited: when the owner's account is deleted, nobody owns it until ADMIN_EMAILS
// names someone.
import type { TDb } from '../db/client.ts';
import { anyUserWithEmails, countOtherUsersWithEmails, installationOwnerId } from '../db/queries/users.ts';
import { AppError } from '../lib/errors.ts';
import { requireUser, type TAppContext } from '../lib/http.ts';
import type { TSessionUser } from './session.ts';

/** Said on /admin's 403 screen and in the log while the installation has no owner. */
export const NO_OWNER_MESSAGE =
  'This Kindred has no owner: the owner account was deleted, and ownership never passes to another account. Set ADMIN_EMAILS to name the owner.';

export async function isOwner(
  db: TDb,
  adminEmails: readonly string[],
  user: Pick<TSessionUser, 'id' | 'email'>,
): Promise<boolean> {
  if (adminEmails.length > 0) return adminEmails.includes(user.email.toLowerCase());
  return (await installationOwnerId(db)) === user.id;
}

/**
 * owned; unclaimed (no account yet, or ADMIN_EMAILS names people who have not signed up); ownerless (the
 * first account, its owner, was deleted and ADMIN_EMAILS is empty).
 */
export async function ownershipState(
  db: TDb,
  adminEmails: readonly string[],
): Promise<'owned' | 'unclaimed' | 'ownerless'> {
  if (adminEmails.length > 0) return (await anyUserWithEmails(db, adminEmails)) ? 'owned' : 'unclaimed';
  const ownerId = await installationOwnerId(db);
  if (ownerId === undefined) return 'unclaimed';
  return ownerId === null ? 'ownerless' : 'owned';
}

/** Whether this person owns the installation and nobody else does (deleting them leaves it ownerless). */
export async function isOnlyOwner(
  db: TDb,
  adminEmails: readonly string[],
  user: Pick<TSessionUser, 'id' | 'email'>,
): Promise<boolean> {
  if (!(await isOwner(db, adminEmails, user))) return false;
  return (await countOtherUsersWithEmails(db, user.id, adminEmails)) === 0;
}

/** The signed-in owner, or 403 for anyone else (401 when signed out); the 403 says when there is no owner. */
export async function requireOwner(
  c: TAppContext,
  db: TDb,
  adminEmails: readonly string[],
): Promise<TSessionUser> {
  const user = requireUser(c);
  if (!(await isOwner(db, adminEmails, user))) {
    if ((await ownershipState(db, adminEmails)) === 'ownerless')
      throw new AppError('no_owner', NO_OWNER_MESSAGE);
    throw new AppError('forbidden', 'Only the owner of this Kindred can do that');
  }
  return user;
}
