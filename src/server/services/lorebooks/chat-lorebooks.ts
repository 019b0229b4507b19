// Books a person attaches to one of their chats (in that chat's replies from then on).
import type { TDb } from '../../db/client.ts';
import { findChatLog } from '../../db/queries/chat-logs.ts';
import { attachedLorebookIds, attachLorebook, detachLorebook } from '../../db/queries/chat-lorebooks.ts';
import { findOwnLorebook } from '../../db/queries/lorebooks.ts';
import { notFound } from '../../lib/errors.ts';

export async function chatLorebookIds(
  db: TDb,
  userId: number,
  uuid: string,
): Promise<{ lorebookIds: number[] }> {
  if (!(await findChatLog(db, userId, uuid))) throw notFound('Chat log');
  return { lorebookIds: await attachedLorebookIds(db, userId, uuid) };
}

export async function attachToChat(db: TDb, opts: { userId: number; uuid: string; lorebookId: number }) {
  if (!(await attachLorebook(db, opts.userId, opts.uuid, opts.lorebookId))) {
    // Nothing inserted: already attached, or the chat or the book is not theirs.
    if (!(await findChatLog(db, opts.userId, opts.uuid))) throw notFound('Chat log');
    if (!(await findOwnLorebook(db, opts.userId, opts.lorebookId))) throw notFound('Lorebook');
  }
  return chatLorebookIds(db, opts.userId, opts.uuid);
}

export async function detachFromChat(db: TDb, opts: { userId: number; uuid: string; lorebookId: number }) {
  await detachLorebook(db, opts.userId, opts.uuid, opts.lorebookId);
  return chatLorebookIds(db, opts.userId, opts.uuid);
}
