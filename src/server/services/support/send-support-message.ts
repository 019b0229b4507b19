// 'Contact support': stores the message; a Plus person's is marked priority (read first by the operator).
import type { TDb } from '../../db/client.ts';
import { insertSupportMessage, supportMessagesSince } from '../../db/queries/support.ts';
import { AppError } from '../../lib/errors.ts';

/** Messages a person may send in 24 hours (a guard against floods, far above real use). */
export const SUPPORT_MESSAGES_PER_DAY = 10;

export async function sendSupportMessage(
  db: TDb,
  opts: { user: { id: number; isSubscribed: boolean }; message: string },
): Promise<{ id: number; isPriority: boolean }> {
  const since = new Date(Date.now() - 24 * 3600_000);
  if ((await supportMessagesSince(db, { userId: opts.user.id, since })) >= SUPPORT_MESSAGES_PER_DAY) {
    throw new AppError(
      'rate_limited',
      `You can send ${SUPPORT_MESSAGES_PER_DAY} support messages a day; we will answer the ones you sent.`,
      { 'Retry-After': '3600' },
    );
  }
  const row = await insertSupportMessage(db, {
    userId: opts.user.id,
    message: opts.message,
    isPriority: opts.user.isSubscribed,
  });
  return { id: row.id, isPriority: row.isPriority };
}
