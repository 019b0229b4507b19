// Rate: thumbs up or down on one of the character's messages (stored; nothing else uses it yet).
import type { TRating } from '../../../shared/controls.ts';
import type { TDb } from '../../db/client.ts';
import { findOwnMessage, rateMessageRow } from '../../db/queries/message-controls.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { latestPage } from './latest-page.ts';

const STORED: Record<'up' | 'down', 1 | -1> = { up: 1, down: -1 };

export async function rateMessage(
  db: TDb,
  opts: { userId: number; uuid: string; position: number; rating: TRating },
) {
  const message = await findOwnMessage(db, opts);
  if (!message) throw notFound('Message');
  if (message.role !== 'assistant')
    throw new AppError('conflict', 'Only a reply of the character can be rated');
  const rating = opts.rating === null ? null : STORED[opts.rating];
  if (!(await rateMessageRow(db, opts, rating))) throw notFound('Message');
  return latestPage(db, opts.userId, opts.uuid);
}
