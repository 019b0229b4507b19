// SQL for group chats: the chat log with its members, changing who is in it, and the shared history with
// each message's speaker. Every statement is scoped to the chat log's owner in SQL.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TGroupMember, TReplyOrder } from '../../../shared/groups.ts';
import { rowsOf, type TDb } from '../client.ts';
import { characters, chatLogs, chatMembers, chatMessages, type TChatLogRow } from '../schema.ts';
import { adultAllowedSql } from './characters.ts';

export type TMemberRow = TGroupMember & { memoryDisabled: boolean };

/** How many of these characters the person may chat with (built-in, or their own). */
export async function countUsableCharacters(db: TDb, userId: number, ids: number[]): Promise<number> {
  const rows = await db
    .select({ id: characters.id })
    .from(characters)
    .where(
      and(
        inArray(characters.id, ids),
        sql`(${characters.userId} is null or ${characters.userId} = ${userId})`,
        adultAllowedSql(characters.isAdult, userId),
      ),
    );
  return rows.length;
}

/** A new group chat log with its members in the given order (its character is the first of them). */
export async function insertGroup(
  db: TDb,
  opts: { userId: number; characterIds: number[]; replyOrder: TReplyOrder },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [log] = await tx
      .insert(chatLogs)
      .values({
        userId: opts.userId,
        characterId: opts.characterIds[0]!,
        isGroup: true,
        replyOrder: opts.replyOrder,
        source: 'text',
      })
      .returning({ uuid: chatLogs.uuid });
    await tx
      .insert(chatMembers)
      .values(opts.characterIds.map((characterId, sort) => ({ chatLogUuid: log!.uuid, characterId, sort })));
    return log!.uuid;
  });
}

/** The person's chat log (group or not) and, for a group, its members in list order. */
export async function findGroup(
  db: TDb,
  userId: number,
  uuid: string,
): Promise<{ log: TChatLogRow; members: TMemberRow[] } | undefined> {
  const [log] = await db
    .select()
    .from(chatLogs)
    .where(and(eq(chatLogs.uuid, uuid), eq(chatLogs.userId, userId)));
  if (!log) return undefined;
  const members = await db
    .select({
      characterId: chatMembers.characterId,
      name: characters.name,
      tagline: characters.tagline,
      avatarUrl: characters.avatarUrl,
      talkativeness: chatMembers.talkativeness,
      isMuted: chatMembers.isMuted,
      memoryDisabled: characters.memoryDisabled,
    })
    .from(chatMembers)
    .innerJoin(characters, eq(characters.id, chatMembers.characterId))
    .where(eq(chatMembers.chatLogUuid, uuid))
    .orderBy(asc(chatMembers.sort));
  return { log, members };
}

/**
 * Adds a member at the end of the list; a one-character chat becomes a group first (its character the
 * first member). Only when the log is the person's and has fewer than `max` members.
 */
export async function insertMember(
  db: TDb,
  opts: { userId: number; uuid: string; characterId: number; max: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [log] = await tx
      .update(chatLogs)
      .set({ isGroup: true, updatedAt: new Date() })
      .where(and(eq(chatLogs.uuid, opts.uuid), eq(chatLogs.userId, opts.userId)))
      .returning({ characterId: chatLogs.characterId });
    if (!log) return false;
    await tx.execute(sql`
      insert into ${chatMembers} (chat_log_uuid, character_id, sort)
      select ${opts.uuid}, ${log.characterId}, 0
      where not exists (select 1 from ${chatMembers} where chat_log_uuid = ${opts.uuid})`);
    const result = await tx.execute(sql`
      insert into ${chatMembers} (chat_log_uuid, character_id, sort)
      select ${opts.uuid}, ${opts.characterId}, coalesce(max(sort), -1) + 1 from ${chatMembers}
      where chat_log_uuid = ${opts.uuid}
      having count(*) < ${opts.max}
      on conflict do nothing
      returning character_id`);
    return rowsOf(result).length > 0;
  });
}

/** Removes a member while at least `min` stay; the log's character becomes the new first one. */
export async function deleteMember(
  db: TDb,
  opts: { userId: number; uuid: string; characterId: number; min: number },
): Promise<boolean> {
  const result = await db.execute(sql`
    with removed as (
      delete from ${chatMembers} m using ${chatLogs} l
      where l.uuid = m.chat_log_uuid and l.user_id = ${opts.userId} and m.chat_log_uuid = ${opts.uuid}
        and m.character_id = ${opts.characterId}
        and (select count(*) from ${chatMembers} where chat_log_uuid = ${opts.uuid}) > ${opts.min}
      returning m.chat_log_uuid
    )
    update ${chatLogs} set updated_at = now(), character_id = (
      select character_id from ${chatMembers}
      where chat_log_uuid = ${opts.uuid} and character_id <> ${opts.characterId} order by sort limit 1)
    where uuid in (select chat_log_uuid from removed)
    returning uuid`);
  return rowsOf(result).length > 0;
}

export async function updateMember(
  db: TDb,
  opts: { userId: number; uuid: string; characterId: number; isMuted?: boolean; talkativeness?: number },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${chatMembers} m set
      is_muted = coalesce(${opts.isMuted ?? null}::boolean, m.is_muted),
      talkativeness = coalesce(${opts.talkativeness ?? null}::smallint, m.talkativeness)
    from ${chatLogs} l
    where l.uuid = m.chat_log_uuid and l.user_id = ${opts.userId} and m.chat_log_uuid = ${opts.uuid}
      and m.character_id = ${opts.characterId}
    returning m.character_id`);
  return rowsOf(result).length > 0;
}

export async function setReplyOrder(
  db: TDb,
  opts: { userId: number; uuid: string; replyOrder: TReplyOrder },
): Promise<boolean> {
  const rows = await db
    .update(chatLogs)
    .set({ replyOrder: opts.replyOrder })
    .where(and(eq(chatLogs.uuid, opts.uuid), eq(chatLogs.userId, opts.userId), eq(chatLogs.isGroup, true)))
    .returning({ uuid: chatLogs.uuid });
  return rows.length > 0;
}

export type TGroupHistoryRow = {
  position: number;
  role: 'user' | 'assistant';
  content: string;
  /** Who wrote a reply (its speaker, else the log's character); null for the person's messages. */
  speakerId: number | null;
  speakerName: string | null;
};

/** The group's last `limit` non-empty messages before `before` (default: the end), oldest first. */
export async function groupHistory(
  db: TDb,
  opts: { userId: number; uuid: string; limit: number; before?: number },
): Promise<TGroupHistoryRow[]> {
  const before = opts.before === undefined ? sql`` : sql`and m.position < ${opts.before}`;
  const result = await db.execute(sql`
    select m.position, m.role, m.content,
      case when m.role = 'assistant' then coalesce(m.speaker_id, l.character_id) end as "speakerId",
      case when m.role = 'assistant' then c.name end as "speakerName"
    from ${chatMessages} m
    join ${chatLogs} l on l.uuid = m.chat_log_uuid and l.user_id = ${opts.userId}
    left join ${characters} c on c.id = coalesce(m.speaker_id, l.character_id)
    where m.chat_log_uuid = ${opts.uuid} and btrim(m.content) <> '' ${before}
    order by m.position desc limit ${opts.limit}`);
  return rowsOf<TGroupHistoryRow>(result)
    .map((r) => ({
      ...r,
      position: Number(r.position),
      speakerId: r.speakerId === null ? null : Number(r.speakerId),
    }))
    .reverse();
}

/** Members' faces of the person's group chats among `uuids` (History, the sidebar), in list order. */
export async function groupFaces(db: TDb, userId: number, uuids: string[]) {
  if (uuids.length === 0) return [];
  return db
    .select({
      uuid: chatMembers.chatLogUuid,
      characterId: chatMembers.characterId,
      name: characters.name,
      avatarUrl: characters.avatarUrl,
    })
    .from(chatMembers)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMembers.chatLogUuid))
    .innerJoin(characters, eq(characters.id, chatMembers.characterId))
    .where(and(inArray(chatMembers.chatLogUuid, uuids), eq(chatLogs.userId, userId)))
    .orderBy(asc(chatMembers.chatLogUuid), asc(chatMembers.sort));
}
