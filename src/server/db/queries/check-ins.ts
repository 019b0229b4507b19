// SQL for memory check-ins: finding memories due, claiming one exactly once, and the check-in chat logs.
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { characters, chatLogs, chatMessages, memories, users } from '../schema.ts';
import { adultAllowedSql } from './characters.ts';

export async function saveTimeZone(db: TDb, userId: number, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

export type TCheckInCandidate = {
  memoryId: number;
  userId: number;
  characterId: number;
  characterName: string;
  characterDescription: string;
  userName: string;
  timeZone: string | null;
  content: string;
  reply: string;
  /** The kept fact (null: hand-added, or kept before facts): what the check-in picks up when present. */
  fact: string | null;
  /** The day a dated event or plan happened (YYYY-MM-DD). */
  happensOn: string | null;
  /** The memory as it was read (its last change, to the microsecond): a check-in is only about that. */
  version: string;
};

/** A memory's version: when it last changed, as text to the microsecond (a JS Date keeps milliseconds). */
const VERSION = sql.raw(`to_char(m.updated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`);

/**
 * At most one memory per person (their most important due one): not checked in, at least `minAgeSeconds`
 * old and, for a dated event or plan, its day over in the person's time zone (the check-in comes the day
 * after, never before), the character not memory-disabled, the person quiet in that character's chats for `idleSeconds`,
 * and under their daily cap, which shrinks by one for every check-in they have left unread.
 */
export async function dueCheckIns(
  db: TDb,
  opts: { minAgeSeconds: number; idleSeconds: number; dailyCap: number; limit: number; now?: Date },
): Promise<TCheckInCandidate[]> {
  const now = sql`${(opts.now ?? new Date()).toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select distinct on (m.user_id)
      m.id as "memoryId", m.user_id as "userId", m.character_id as "characterId", c.name as "characterName",
      c.description as "characterDescription", coalesce(nullif(u.name, ''), u.username) as "userName",
      u.time_zone as "timeZone", m.content, m.reply, m.fact, to_char(m.happens_on, 'YYYY-MM-DD') as "happensOn",
      ${VERSION} as version
    from ${memories} m
    join ${users} u on u.id = m.user_id
    join ${characters} c on c.id = m.character_id and (c.user_id is null or c.user_id = m.user_id)
      and ${adultAllowedSql(sql`c.is_adult`, sql`m.user_id`)}
    where m.checked_in = false
      and c.memory_disabled = false
      and m.created_at <= ${now} - make_interval(secs => ${opts.minAgeSeconds})
      and case when m.happens_on is null then true
        else m.happens_on < (${now} at time zone coalesce(u.time_zone, 'UTC'))::date end
      and not exists (
        select 1 from ${chatLogs} l
        where l.user_id = m.user_id and l.character_id = m.character_id and l.source = 'text'
          and l.updated_at > now() - make_interval(secs => ${opts.idleSeconds}))
      and (
        select count(*) from ${chatLogs} l
        where l.user_id = m.user_id and l.source = 'memory-check-in' and l.created_at > now() - interval '1 day'
      ) < ${opts.dailyCap} - (
        select count(*) from ${chatLogs} l
        where l.user_id = m.user_id and l.source = 'memory-check-in' and l.read = false)
    order by m.user_id, m.pinned desc, m.importance desc, m.created_at asc
    limit ${opts.limit}`);
  return rowsOf<TCheckInCandidate>(result).map((r) => ({
    ...r,
    memoryId: Number(r.memoryId),
    userId: Number(r.userId),
    characterId: Number(r.characterId),
  }));
}

/** Marks the memory checked in; true only for the one caller that changed it (exactly once). */
export async function claimCheckIn(db: TDb, memoryId: number): Promise<boolean> {
  const rows = await db
    .update(memories)
    .set({ checkedIn: true })
    .where(and(eq(memories.id, memoryId), eq(memories.checkedIn, false)))
    .returning({ id: memories.id });
  return rows.length > 0;
}

/** Gives a claimed memory back when its message could not be written (tried again on a later sweep). */
export async function releaseCheckIn(db: TDb, memoryId: number): Promise<void> {
  await db.update(memories).set({ checkedIn: false }).where(eq(memories.id, memoryId));
}

/**
 * The check-in: a new chat log (source memory-check-in, unread) holding the character's message; only while
 * the memory it picks up is as it was read (null, nothing written, when it was deleted or changed since).
 */
export async function insertCheckInLog(
  db: TDb,
  opts: { userId: number; characterId: number; content: string; memory: { id: number; version: string } },
): Promise<string | null> {
  const result = await db.execute(sql`
    with log as (
      insert into ${chatLogs} (user_id, character_id, source, read, message_count)
      select ${opts.userId}, ${opts.characterId}, 'memory-check-in', false, 1
      where exists (select 1 from ${memories} m where m.id = ${opts.memory.id} and m.user_id = ${opts.userId}
        and ${VERSION} = ${opts.memory.version})
      returning uuid
    )
    insert into ${chatMessages} (chat_log_uuid, position, role, content)
    select uuid, 0, 'assistant', ${opts.content} from log
    returning chat_log_uuid as uuid`);
  const uuid = rowsOf<{ uuid: string }>(result)[0]?.uuid;
  return uuid ? String(uuid) : null;
}

/** The person's check-ins from every character, newest first (the Notifications panel and bell). */
export async function listCheckIns(db: TDb, userId: number, limit: number) {
  return db
    .select({
      uuid: chatLogs.uuid,
      characterId: chatLogs.characterId,
      characterName: characters.name,
      read: chatLogs.read,
      createdAt: chatLogs.createdAt,
    })
    .from(chatLogs)
    .innerJoin(characters, eq(characters.id, chatLogs.characterId))
    .where(and(eq(chatLogs.userId, userId), eq(chatLogs.source, 'memory-check-in')))
    .orderBy(desc(chatLogs.createdAt))
    .limit(limit);
}
