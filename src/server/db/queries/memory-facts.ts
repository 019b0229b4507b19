// SQL for kept facts (migration 0027): a fact added, rewritten with its history, forgotten, or refreshed;
// their history for the drawer and 'Download my data'. Every statement names the person (and character).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TFactKind } from '../../../shared/memories.ts';
import { rowsOf, type TDb } from '../client.ts';
import { characters, chatLogs, memoryFactHistory, users } from '../schema.ts';
import { type TVectorParam, vectorSql } from '../vector-param.ts';
import { adultAllowedSql } from './characters.ts';
import { RAW_COLUMNS, type TMemoryRecord, toRecord } from './memories.ts';

type TOwner = { userId: number; characterId: number };

export type TFactWords = {
  /** The person's words and the character's reply the fact was taken from, and where they were said. */
  content: string;
  reply: string;
  chatLogUuid: string | null;
  sourcePosition: number | null;
};

export type TNewFact = TOwner &
  TFactWords & {
    characterName: string;
    fact: string;
    kind: TFactKind;
    happensOn: string | null;
    importance: number;
    /** The fact's vector (null: none, or no pgvector). */
    embedding: TVectorParam | null;
    embeddingModel: string | null;
  };

/** What the fact's memory needs from the person: their time zone (relative dates) and name (facts name them). */
export async function factContextOf(
  db: TDb,
  userId: number,
): Promise<{ timeZone: string | null; name: string } | null> {
  const [row] = await db
    .select({
      timeZone: users.timeZone,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * What judging a queued exchange reads first, in one statement: whether its chat (or, without one, the
 * person) and its character are still there for the person (the same conditions as findChatLog and
 * findVisibleCharacter), and the person's name and time zone for the judge (factContextOf).
 */
export async function queuedExchangeContext(
  db: TDb,
  opts: { userId: number; characterId: number; chatLogUuid: string | null },
): Promise<{ isGone: boolean; person: { timeZone: string | null; name: string } }> {
  const { userId, characterId, chatLogUuid } = opts;
  const [row] = await db
    .select({
      timeZone: users.timeZone,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})`,
      hasChat:
        chatLogUuid === null
          ? sql<boolean>`true`
          : sql<boolean>`exists (select 1 from ${chatLogs} where ${chatLogs.uuid} = ${chatLogUuid} and ${chatLogs.userId} = ${userId})`,
      hasCharacter: sql<boolean>`exists (select 1 from ${characters} where ${characters.id} = ${characterId}
        and ((${characters.userId} is null and ${characters.hiddenAt} is null) or ${characters.userId} = ${userId})
        and ${adultAllowedSql(characters.isAdult, userId)})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const person = { timeZone: row?.timeZone ?? null, name: row?.name ?? '' };
  return { isGone: !(row?.hasChat && row.hasCharacter), person };
}

export async function insertFact(db: TDb, f: TNewFact): Promise<TMemoryRecord> {
  const withVector = f.embedding !== null;
  const result = await db.execute(sql`
    insert into memories as m (user_id, character_id, chat_log_uuid, source_position, content, reply,
      character_name, fact, kind, happens_on, importance, embedding_model ${withVector ? sql`, embedding` : sql``})
    values (${f.userId}, ${f.characterId}, ${f.chatLogUuid}, ${f.sourcePosition}, ${f.content}, ${f.reply},
      ${f.characterName}, ${f.fact}, ${f.kind}, ${f.happensOn}::date, ${f.importance},
      ${withVector ? f.embeddingModel : null} ${withVector ? sql`, ${vectorSql(f.embedding as TVectorParam)}` : sql``})
    returning ${RAW_COLUMNS}`);
  return toRecord(rowsOf<Record<string, unknown>>(result)[0] as Record<string, unknown>);
}

/**
 * Rewrites a kept fact of the person's and character's (never a hand-added memory: those have no fact) in
 * one statement: what it said, with its kind, day and source and since when, goes to its history first. The
 * memory now holds the new words and source, is due a check-in again, and takes the new vector when given.
 */
export async function updateFact(
  db: TDb,
  f: Omit<TNewFact, 'characterName'> & { id: number },
): Promise<TMemoryRecord | null> {
  const result = await db.execute(sql`
    with old as (
      select o.* from memories o
      where o.id = ${f.id} and o.user_id = ${f.userId} and o.character_id = ${f.characterId} and o.fact is not null
      for update
    ), kept as (
      insert into memory_fact_history (memory_id, user_id, fact, kind, happens_on, source_chat_uuid,
        source_position, since)
      select old.id, old.user_id, old.fact, old.kind, old.happens_on, old.chat_log_uuid, old.source_position,
        coalesce((select max(h.replaced_at) from memory_fact_history h where h.memory_id = old.id), old.created_at)
      from old
    )
    update memories as m set fact = ${f.fact}, kind = ${f.kind}, happens_on = ${f.happensOn}::date,
      content = ${f.content}, reply = ${f.reply}, chat_log_uuid = ${f.chatLogUuid},
      source_position = ${f.sourcePosition}, importance = greatest(m.importance, ${f.importance}),
      checked_in = false, updated_at = now()
      ${f.embedding !== null ? sql`, embedding = ${vectorSql(f.embedding)}, embedding_model = ${f.embeddingModel}` : sql``}
    from old where m.id = old.id
    returning ${RAW_COLUMNS}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? toRecord(row) : null;
}

/** Forgets a kept fact contradicted away (its history goes with it); false when it is not the person's fact. */
export async function deleteFact(db: TDb, f: TOwner & { id: number }): Promise<boolean> {
  const result = await db.execute(sql`
    delete from memories m
    where m.id = ${f.id} and m.user_id = ${f.userId} and m.character_id = ${f.characterId} and m.fact is not null
    returning m.id`);
  return rowsOf(result).length > 0;
}

/** A repeat of a kept fact: it counts as said again now (and as important as the more important telling). */
/** A fact already kept from this very message (a retried judgment finds its own facts), or undefined. */
export async function factFromMessage(
  db: TDb,
  f: TOwner & { chatLogUuid: string; sourcePosition: number; fact: string },
): Promise<number | undefined> {
  const result = await db.execute(sql`
    select id from memories where user_id = ${f.userId} and character_id = ${f.characterId}
      and chat_log_uuid = ${f.chatLogUuid} and source_position = ${f.sourcePosition} and fact = ${f.fact}
    limit 1`);
  const id = rowsOf<{ id: number }>(result)[0]?.id;
  return id === undefined ? undefined : Number(id);
}

export async function refreshFact(
  db: TDb,
  f: TOwner & { id: number; importance: number },
): Promise<TMemoryRecord | null> {
  const result = await db.execute(sql`
    update memories as m set updated_at = now(), importance = greatest(m.importance, ${f.importance})
    where m.id = ${f.id} and m.user_id = ${f.userId} and m.character_id = ${f.characterId} and m.fact is not null
    returning ${RAW_COLUMNS}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? toRecord(row) : null;
}

export type TFactHistoryRow = {
  memoryId: number;
  fact: string;
  kind: TFactKind | null;
  happensOn: string | null;
  sourceChatUuid: string | null;
  sourcePosition: number | null;
  since: Date;
  replacedAt: Date;
};

const historyColumns = {
  memoryId: memoryFactHistory.memoryId,
  fact: memoryFactHistory.fact,
  kind: memoryFactHistory.kind,
  happensOn: memoryFactHistory.happensOn,
  sourceChatUuid: memoryFactHistory.sourceChatUuid,
  sourcePosition: memoryFactHistory.sourcePosition,
  since: memoryFactHistory.since,
  replacedAt: memoryFactHistory.replacedAt,
};

/** The history of the person's memories among `memoryIds`, oldest first. */
export async function factHistoryOf(
  db: TDb,
  userId: number,
  memoryIds: number[],
): Promise<TFactHistoryRow[]> {
  if (memoryIds.length === 0) return [];
  return db
    .select(historyColumns)
    .from(memoryFactHistory)
    .where(and(eq(memoryFactHistory.userId, userId), inArray(memoryFactHistory.memoryId, memoryIds)))
    .orderBy(asc(memoryFactHistory.replacedAt), asc(memoryFactHistory.id));
}

/** 'Download my data': every earlier version of the person's facts. */
export const exportFactHistory = (db: TDb, userId: number) =>
  db
    .select({ id: memoryFactHistory.id, ...historyColumns })
    .from(memoryFactHistory)
    .where(eq(memoryFactHistory.userId, userId))
    .orderBy(asc(memoryFactHistory.memoryId), asc(memoryFactHistory.id));
