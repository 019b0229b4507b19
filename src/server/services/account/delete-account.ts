// "Delete my account": every row of theirs (the Stripe customer link lives on the user row), their
// provider account and sessions (signed out everywhere), their exchanges waiting for the memory judge, then
// the stored files only they had.
import { ONLY_OWNER_MESSAGE } from '../../../shared/account.ts';
import { isOnlyOwner, NO_OWNER_MESSAGE } from '../../auth/owner.ts';
import type { TDb } from '../../db/client.ts';
import { deleteUserEverywhere } from '../../db/queries/account.ts';
import { deletePersonsJobs } from '../../db/queries/jobs.ts';
import { rerecordedClipUrls } from '../../db/queries/voice-clips.ts';
import { BOSS_SCHEMA } from '../../jobs/boss.ts';
import { JUDGE_QUEUE } from '../../jobs/judge-queue.ts';
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
  // Only the files nobody else has or refers to: shared speech and a file someone else shows stay.
  const urls = await deleteUserEverywhere(db, user);
  // Their exchanges waiting for the memory judge hold their words: gone with them (a judgment under way
  // finds the person gone and keeps nothing).
  await deletePersonsJobs(db, { schema: BOSS_SCHEMA, queue: JUDGE_QUEUE, userId: user.id });
  // Speech someone asked for again meanwhile was recorded anew under the same name: its file stays.
  const remade = await rerecordedClipUrls(db, urls);
  let filesRemoved = 0;
  for (const url of urls) {
    if (!storage.owns(url) || remade.has(url)) continue;
    try {
      await storage.remove(url);
      filesRemoved += 1;
    } catch (error) {
      // The person is gone already; a file left behind is logged rather than failing their deletion.
      deps.log.warn({ err: error, url }, 'a deleted account file could not be removed');
    }
  }
  if (isLastOwner) deps.log.warn(NO_OWNER_MESSAGE);
  return { filesRemoved };
}
