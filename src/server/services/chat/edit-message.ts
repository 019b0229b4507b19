// Edit: the person changes one of their messages or one of the character's, in place.
import type { TDb } from '../../db/client.ts';
import { editMessageContent } from '../../db/queries/message-controls.ts';
import { notFound } from '../../lib/errors.ts';
import { latestPage } from './latest-page.ts';

export async function editMessage(
  db: TDb,
  opts: { userId: number; uuid: string; position: number; content: string },
) {
  if (!(await editMessageContent(db, opts, opts.content))) throw notFound('Message');
  return latestPage(db, opts.userId, opts.uuid);
}
