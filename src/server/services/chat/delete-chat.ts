// Deleting a chat from History: the chat and its messages go; the memories made from it stay unless the
// person ticked "forget what was said here".
import type { TDb } from '../../db/client.ts';
import { deleteChatLog, forgetChatMemories } from '../../db/queries/chat-edits.ts';
import { findChatLog } from '../../db/queries/chat-logs.ts';
import { notFound } from '../../lib/errors.ts';

export async function deleteChat(
  db: TDb,
  opts: { userId: number; uuid: string; forget: boolean },
): Promise<{ deleted: true; memoriesForgotten: number }> {
  if (!(await findChatLog(db, opts.userId, opts.uuid))) throw notFound('Chat log');
  const memoriesForgotten = opts.forget ? await forgetChatMemories(db, opts) : 0;
  if (!(await deleteChatLog(db, opts))) throw notFound('Chat log');
  return { deleted: true, memoriesForgotten };
}
