// Swipe: show another alternative of the latest reply; the conversation continues from the chosen one.
import type { TDb } from '../../db/client.ts';
import { chooseAlternative as choose, findOwnMessage } from '../../db/queries/message-controls.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { latestPage } from './latest-page.ts';

export async function chooseAlternative(
  db: TDb,
  opts: { userId: number; uuid: string; position: number; index: number },
) {
  const message = await findOwnMessage(db, opts);
  if (!message) throw notFound('Message');
  if (message.position !== message.messageCount - 1) {
    throw new AppError('conflict', 'Only the latest reply can be swiped');
  }
  const count = Math.max(1, message.alternatives.length);
  if (opts.index >= count) throw new AppError('bad_request', `This reply has ${count} alternatives`);
  // One alternative: it is already the chosen one.
  if (message.alternatives.length > 0 && !(await choose(db, opts, opts.index))) {
    throw new AppError('conflict', 'Only the latest reply can be swiped');
  }
  return latestPage(db, opts.userId, opts.uuid);
}
