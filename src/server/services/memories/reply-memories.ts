// The memories a reply was given, as the person's memories are now (the reply's 'Memories used' button).
import type { TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { findChatLog } from '../../db/queries/chat-logs.ts';
import { memoriesOfReply } from '../../db/queries/reply-memories.ts';
import { notFound } from '../../lib/errors.ts';
import { withHistory } from './memory-history.ts';

/** Another person's chat (or none) is 404; a memory deleted since is left out. */
export async function memoriesOfReplyFor(
  db: TDb,
  opts: { userId: number; uuid: string; position: number },
): Promise<TMemory[]> {
  if (!(await findChatLog(db, opts.userId, opts.uuid))) throw notFound('Chat log');
  return withHistory(db, opts.userId, await memoriesOfReply(db, opts));
}
