// SQL for chat logs and their messages (one row per message); every query is scoped to the owner in SQL.
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { TReplyLore } from '../../../shared/lorebooks.ts';
import { rowsOf, type TDb } from '../client.ts';
import { preparedSql } from '../prepared-sql.ts';
import { characters, chatLogs, chatMessages, type TChatLogRow, type TChatMessageRow } from '../schema.ts';

export type TNewMessage = {
  role: 'user' | 'assistant';
  content: string;
  internalThoughts?: string | null;
  audioUrl?: string | null;
  /** Group chats: the character who wrote the reply. */
  speakerId?: number | null;
  /** A reply the model stopped before it was finished. */
  isCutOff?: boolean;
  /** A reply: the memories it was given (GET /api/memories/reply shows them). */
  memoryIds?: number[];
  /** A reply: the lorebook entries it was given. */
  lore?: TReplyLore[];
};

/** What a chat needs to know about a character the person may see: built-in, or their own. */
export async function findChatCharacter(db: TDb, userId: number, characterId: number) {
  const [row] = await db
    .select({
      id: characters.id,
      name: characters.name,
      description: characters.description,
      memoryDisabled: characters.memoryDisabled,
    })
    .from(characters)
    .where(
      and(
        eq(characters.id, characterId),
        sql`(${characters.userId} is null or ${characters.userId} = ${userId})`,
      ),
    );
  return row;
}

export async function findChatLog(db: TDb, userId: number, uuid: string): Promise<TChatLogRow | undefined> {
  const [row] = await db
    .select()
    .from(chatLogs)
    .where(and(eq(chatLogs.uuid, uuid), eq(chatLogs.userId, userId)));
  return row;
}

/** Creates a chat log holding its first message, in one statement. */
export async function createChatLogWithMessage(
  db: TDb,
  opts: { userId: number; characterId: number; message: TNewMessage },
): Promise<{ uuid: string; position: number }> {
  const m = opts.message;
  const result = await db.execute(sql`
    with log as (
      insert into ${chatLogs} (user_id, character_id, source, message_count)
      values (${opts.userId}, ${opts.characterId}, 'text', 1)
      returning uuid
    )
    insert into ${chatMessages} (chat_log_uuid, position, role, content, internal_thoughts, audio_url)
    select uuid, 0, ${m.role}, ${m.content}, ${m.internalThoughts ?? null}, ${m.audioUrl ?? null} from log
    returning chat_log_uuid as uuid, position`);
  const row = rowsOf<{ uuid: string; position: number }>(result)[0]!;
  return { uuid: row.uuid, position: Number(row.position) };
}

/**
 * Appends one message at the end of the person's chat log, in one statement: bumping message_count
 * locks the log's row, so concurrent appends get consecutive positions. Null when the log is not theirs.
 */
const appendMessageSql = preparedSql(
  'append_message',
  () => sql`
    with bumped as (
      update ${chatLogs} set message_count = message_count + 1, updated_at = now()
      where uuid = ${sql.placeholder('uuid')} and user_id = ${sql.placeholder('userId')}
      returning uuid, message_count
    )
    insert into ${chatMessages} (chat_log_uuid, position, role, content, internal_thoughts, audio_url, speaker_id, is_cut_off,
      memory_ids, lore)
    select uuid, message_count - 1, ${sql.placeholder('role')}, ${sql.placeholder('content')},
      ${sql.placeholder('internalThoughts')}, ${sql.placeholder('audioUrl')},
      ${sql.placeholder('speakerId')}::integer, ${sql.placeholder('isCutOff')},
      ${sql.placeholder('memoryIds')}::integer[], ${sql.placeholder('lore')}::jsonb
    from bumped
    returning position`,
);

export async function appendMessage(
  db: TDb,
  opts: { userId: number; uuid: string; message: TNewMessage },
): Promise<number | null> {
  const m = opts.message;
  const result = await appendMessageSql(db, {
    uuid: opts.uuid,
    userId: opts.userId,
    role: m.role,
    content: m.content,
    internalThoughts: m.internalThoughts ?? null,
    audioUrl: m.audioUrl ?? null,
    speakerId: m.speakerId ?? null,
    isCutOff: m.isCutOff ?? false,
    // As text: each database's driver takes an array literal and JSON from a string alike.
    memoryIds: m.memoryIds?.length ? `{${m.memoryIds.map((id) => Math.trunc(id)).join(',')}}` : null,
    lore: m.lore?.length ? JSON.stringify(m.lore) : null,
  });
  const row = rowsOf<{ position: number }>(result)[0];
  return row ? Number(row.position) : null;
}

/** The last message of a chat log (to tell whether a retry answers an unanswered message). */
export async function lastMessage(
  db: TDb,
  userId: number,
  uuid: string,
): Promise<TChatMessageRow | undefined> {
  const [row] = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMessages.chatLogUuid))
    .where(and(eq(chatMessages.chatLogUuid, uuid), eq(chatLogs.userId, userId)))
    .orderBy(desc(chatMessages.position))
    .limit(1);
  return row?.message;
}

/** The person's chat's messages before position `before` (all of them without it); joined with chat_logs. */
const earlierMessagesOf = (opts: { userId: number; uuid: string; before?: number }) =>
  and(
    eq(chatMessages.chatLogUuid, opts.uuid),
    eq(chatLogs.userId, opts.userId),
    opts.before === undefined ? undefined : lt(chatMessages.position, opts.before),
  );

/**
 * The last `limit` non-empty messages (before position `before`, when given), oldest first: the model's
 * context. Reads only those rows.
 */
export async function recentNonEmptyMessages(
  db: TDb,
  opts: { userId: number; uuid: string; limit: number; before?: number },
): Promise<Pick<TChatMessageRow, 'role' | 'content'>[]> {
  const rows = await db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMessages.chatLogUuid))
    .where(and(earlierMessagesOf(opts), sql`btrim(${chatMessages.content}) <> ''`))
    .orderBy(desc(chatMessages.position))
    .limit(opts.limit);
  return rows.reverse();
}

/** One page of a chat, oldest first: the `limit` messages before position `before` (default: the end). */
export async function messagesPage(
  db: TDb,
  opts: { userId: number; uuid: string; limit: number; before?: number },
): Promise<TChatMessageRow[]> {
  const rows = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMessages.chatLogUuid))
    .where(earlierMessagesOf(opts))
    .orderBy(desc(chatMessages.position))
    .limit(opts.limit);
  return rows.map((r) => r.message).reverse();
}

/** Creates a chat log from a whole conversation (the spec's New Chat save). */
export async function createChatLog(
  db: TDb,
  opts: { userId: number; characterId: number; source: 'text' | 'memory-check-in'; messages: TNewMessage[] },
): Promise<TChatLogRow> {
  return db.transaction(async (tx) => {
    const [log] = await tx
      .insert(chatLogs)
      .values({
        userId: opts.userId,
        characterId: opts.characterId,
        source: opts.source,
        messageCount: opts.messages.length,
      })
      .returning();
    await insertMessages(tx as unknown as TDb, log!.uuid, opts.messages);
    return log!;
  });
}

/** Replaces every message of the person's chat log; null when the log is not theirs. */
export async function replaceConversation(
  db: TDb,
  opts: { userId: number; uuid: string; messages: TNewMessage[] },
): Promise<TChatLogRow | null> {
  return db.transaction(async (tx) => {
    const [log] = await tx
      .update(chatLogs)
      .set({ messageCount: opts.messages.length, updatedAt: sql`now()` })
      .where(and(eq(chatLogs.uuid, opts.uuid), eq(chatLogs.userId, opts.userId)))
      .returning();
    if (!log) return null;
    await tx.delete(chatMessages).where(eq(chatMessages.chatLogUuid, opts.uuid));
    await insertMessages(tx as unknown as TDb, opts.uuid, opts.messages);
    return log;
  });
}

async function insertMessages(db: TDb, uuid: string, messages: TNewMessage[]) {
  if (messages.length === 0) return;
  await db.insert(chatMessages).values(
    messages.map((m, position) => ({
      chatLogUuid: uuid,
      position,
      role: m.role,
      content: m.content,
      internalThoughts: m.internalThoughts ?? null,
      audioUrl: m.audioUrl ?? null,
    })),
  );
}

export async function markChatLogRead(db: TDb, userId: number, uuid: string): Promise<TChatLogRow | null> {
  const [row] = await db
    .update(chatLogs)
    .set({ read: true })
    .where(and(eq(chatLogs.uuid, uuid), eq(chatLogs.userId, userId)))
    .returning();
  return row ?? null;
}

export type TChatLogListRow = TChatLogRow & { preview: string | null };

/** The person's chat logs with one character, most recently active first, each with its preview. */
export async function listChatLogs(
  db: TDb,
  opts: { userId: number; characterId: number; previewChars: number; limit: number },
): Promise<TChatLogListRow[]> {
  const preview = sql<string | null>`(
    select left(m.content, ${opts.previewChars}) from ${chatMessages} m
    where m.chat_log_uuid = ${chatLogs.uuid} and btrim(m.content) <> '' and not m.is_greeting
    order by m.position limit 1)`;
  const rows = await db
    .select({ log: chatLogs, preview })
    .from(chatLogs)
    .where(and(eq(chatLogs.userId, opts.userId), eq(chatLogs.characterId, opts.characterId)))
    .orderBy(desc(chatLogs.updatedAt), asc(chatLogs.uuid))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r.log, preview: r.preview }));
}

export async function countChatLogs(db: TDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatLogs)
    .where(eq(chatLogs.userId, userId));
  return Number(row?.n ?? 0);
}
