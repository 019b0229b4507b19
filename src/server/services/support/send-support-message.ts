// 'Contact support': stores the message; a Plus person's is marked priority (read first by the operator).
import type { TDb } from '../../db/client.ts';
import { insertSupportMessage } from '../../db/queries/support.ts';

export async function sendSupportMessage(
  db: TDb,
  opts: { user: { id: number; isSubscribed: boolean }; message: string },
): Promise<{ id: number; isPriority: boolean }> {
  const row = await insertSupportMessage(db, {
    userId: opts.user.id,
    message: opts.message,
    isPriority: opts.user.isSubscribed,
  });
  return { id: row.id, isPriority: row.isPriority };
}
