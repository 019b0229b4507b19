// SQL for what a person changes about their own chats: a chat's name, deleting a chat, and forgetting
// the memories made from a chat (all of it, or from a rewound message on). Scoped to the owner in SQL.
import { and, eq, sql } from 'drizzle-orm';
import type { TRecentChat } from '../../../shared/chat.ts';
import { rowsOf, type TDb } from '../client.ts';
import { chatLogs, memories, type TChatLogRow } from '../schema.ts';

export async function renameChatLog(
  db: TDb,
  opts: { userId: number; uuid: string; title: string | null },
): Promise<TChatLogRow | undefined> {
  const [row] = await db
    .update(chatLogs)
    .set({ title: opts.title })
    .where(and(eq(chatLogs.uuid, opts.uuid), eq(chatLogs.userId, opts.userId)))
    .returning();
  return row;
}

/** Deletes the chat and its messages (cascade); its memories stay unless forgotten first. */
export async function deleteChatLog(db: TDb, opts: { userId: number; uuid: string }): Promise<boolean> {
  const rows = await db
    .delete(chatLogs)
    .where(and(eq(chatLogs.uuid, opts.uuid), eq(chatLogs.userId, opts.userId)))
    .returning({ uuid: chatLogs.uuid });
  return rows.length > 0;
}

/** Forgets the memories made from a chat; returns how many. */
export async function forgetChatMemories(db: TDb, opts: { userId: number; uuid: string }): Promise<number> {
  const rows = await db
    .delete(memories)
    .where(and(eq(memories.userId, opts.userId), eq(memories.chatLogUuid, opts.uuid)))
    .returning({ id: memories.id });
  return rows.length;
}

/**
 * Forgets the memories made from the message at `position` and those after it: a memory is made after
 * the exchange it comes from, so those of this chat made since that message was written.
 */
export async function forgetMemoriesFrom(
  db: TDb,
  opts: { userId: number; uuid: string; position: number },
): Promise<number> {
  const result = await db.execute(sql`
    delete from memories mem
    where mem.user_id = ${opts.userId} and mem.chat_log_uuid = ${opts.uuid}
      and mem.created_at >= (
        select m.created_at from chat_messages m join chat_logs l on l.uuid = m.chat_log_uuid
        where l.uuid = ${opts.uuid} and l.user_id = ${opts.userId} and m.position = ${opts.position})
    returning mem.id`);
  return rowsOf(result).length;
}

export type TRecentChatRow = Omit<TRecentChat, 'updatedAt' | 'members'> & { updatedAt: Date };

/** The person's latest text chats across characters (the sidebar's 'Recent chats'). */
export async function listRecentChats(
  db: TDb,
  opts: { userId: number; limit: number; previewChars: number },
): Promise<TRecentChatRow[]> {
  const result = await db.execute(sql`
    select l.uuid, l.character_id as "characterId", c.name as "characterName", c.avatar_url as "avatarUrl",
      l.title, l.updated_at as "updatedAt",
      (select left(m.content, ${opts.previewChars}) from chat_messages m
        where m.chat_log_uuid = l.uuid and btrim(m.content) <> '' and not m.is_greeting
        order by m.position limit 1) as preview
    from chat_logs l join characters c on c.id = l.character_id
    where l.user_id = ${opts.userId} and l.source = 'text' and l.message_count > 0
    order by l.updated_at desc, l.uuid
    limit ${opts.limit}`);
  return rowsOf<TRecentChatRow>(result).map((r) => ({
    ...r,
    characterId: Number(r.characterId),
    updatedAt: new Date(r.updatedAt),
  }));
}
