// "Delete my account": the person's files in storage, then every row of theirs (the Stripe customer link
// lives on the user row), then their provider account and sessions, so they are signed out everywhere.
import { ONLY_OWNER_MESSAGE } from '../../../shared/account.ts';
import { isOnlyOwner, NO_OWNER_MESSAGE } from '../../auth/owner.ts';
import type { TDb } from '../../db/client.ts';
import { deleteUserEverywhere, fileUrlsOfUser } from '../../db/queries/account.ts';
import { listUploadsOfUser } from '../../db/queries/uploads.ts';
import { AppError } from '../../lib/errors.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TStorage } from '../../storage/index.ts';

export async function deleteAccount(
  deps: { db: TDb; storage: TStorage; adminEmails: readonly string[]; log: TLogger },
  user: { id: number; email: string; username: string },
  input: { confirm: string; leaveWithoutOwner?: boolean },
): Promise<{ filesRemoved: number }> {
  const { db, storage } = deps;
  if (input.confirm.trim() !== user.username) {
    throw new AppError('bad_request', 'Type your username exactly to confirm');
  }
  // Ownership is never inherited, so the only owner leaving must say they mean to leave nobody in charge.
  const isLastOwner = await isOnlyOwner(db, deps.adminEmails, user);
  if (isLastOwner && input.leaveWithoutOwner !== true) throw new AppError('conflict', ONLY_OWNER_MESSAGE);
  const urls = new Set([
    ...(await listUploadsOfUser(db, user.id)).map((u) => u.url),
    ...(await fileUrlsOfUser(db, user.id)),
  ]);
  let filesRemoved = 0;
  for (const url of urls) {
    if (!storage.owns(url)) continue;
    await storage.remove(url);
    filesRemoved += 1;
  }
  await deleteUserEverywhere(db, user);
  if (isLastOwner) deps.log.warn(NO_OWNER_MESSAGE);
  return { filesRemoved };
}
