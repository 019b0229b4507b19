// "Delete my account": the person's files in storage, then every row of theirs (the Stripe customer link
// lives on the user row), then their provider account and sessions, so they are signed out everywhere.
import type { TDb } from '../../db/client.ts';
import { deleteUserEverywhere, fileUrlsOfUser } from '../../db/queries/account.ts';
import { listUploadsOfUser } from '../../db/queries/uploads.ts';
import { AppError } from '../../lib/errors.ts';
import type { TStorage } from '../../storage/index.ts';

export async function deleteAccount(
  db: TDb,
  storage: TStorage,
  user: { id: number; email: string; username: string },
  confirm: string,
): Promise<{ filesRemoved: number }> {
  if (confirm.trim() !== user.username) {
    throw new AppError('bad_request', 'Type your username exactly to confirm');
  }
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
  return { filesRemoved };
}
