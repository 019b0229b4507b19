// 'Contact support': stores the message; a plan with priority support (Plus) marks it priority (read first).
import { planOf, type TPlanTable } from '../../billing/plans.ts';
import type { TDb } from '../../db/client.ts';
import { insertSupportMessage, supportMessagesSince } from '../../db/queries/support.ts';
import { AppError } from '../../lib/errors.ts';

/** Messages a person may send in 24 hours (a guard against floods, far above real use). */
export const SUPPORT_MESSAGES_PER_DAY = 10;

export async function sendSupportMessage(
  db: TDb,
  plans: TPlanTable,
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
    isPriority: plans[planOf(opts.user)].prioritySupport,
  });
  return { id: row.id, isPriority: row.isPriority };
}
