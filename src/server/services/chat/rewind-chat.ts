// Rewind: delete a message and everything after it, to take the conversation another way. Memories made
// from the deleted exchange are the person's and stay.
import type { TDb } from '../../db/client.ts';
import { deleteFrom } from '../../db/queries/message-controls.ts';
import { notFound } from '../../lib/errors.ts';
import { latestPage } from './latest-page.ts';

export async function rewindChat(db: TDb, opts: { userId: number; uuid: string; position: number }) {
  if (!(await deleteFrom(db, opts))) throw notFound('Message');
  return latestPage(db, opts.userId, opts.uuid);
}
