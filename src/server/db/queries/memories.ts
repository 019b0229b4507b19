// SQL for memories: every query names the person (and, where it applies, the character) inside the SQL.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { characters, memories, type TMemoryRow } from '../schema.ts';
import { type TVectorParam, vectorSql } from '../vector-param.ts';
import { deleteOwnRow } from './own-rows.ts';

/** The columns callers see; the vector and search vector stay in the database. */
const memoryColumns = {
  id: memories.id,
  userId: memories.userId,
  characterId: memories.characterId,
  chatLogUuid: memories.chatLogUuid,
  content: memories.content,
  reply: memories.reply,
  characterName: memories.characterName,
  checkedIn: memories.checkedIn,
  pinned: memories.pinned,
  importance: memories.importance,
  embeddingModel: memories.embeddingModel,
  fact: memories.fact,
  kind: memories.kind,
  happensOn: memories.happensOn,
  sourcePosition: memories.sourcePosition,
  createdAt: memories.createdAt,
  updatedAt: memories.updatedAt,
};
export type TMemoryRecord = Omit<TMemoryRow, 'search'>;

export const RAW_COLUMNS = sql.raw(
  `m.id, m.user_id as "userId", m.character_id as "characterId", m.chat_log_uuid as "chatLogUuid",
   m.content, m.reply, m.character_name as "characterName", m.checked_in as "checkedIn", m.pinned,
   m.importance, m.embedding_model as "embeddingModel", m.fact, m.kind,
   to_char(m.happens_on, 'YYYY-MM-DD') as "happensOn", m.source_position as "sourcePosition",
   m.created_at as "createdAt", m.updated_at as "updatedAt"`,
);

/** Raw rows come back with strings for timestamps on PGlite and numbers as strings on some drivers. */
export function toRecord(row: Record<string, unknown>): TMemoryRecord {
  return {
    id: Number(row.id),
    userId: Number(row.userId),
    characterId: Number(row.characterId),
    chatLogUuid: (row.chatLogUuid as string | null) ?? null,
    content: String(row.content),
    reply: String(row.reply),
    characterName: String(row.characterName),
    checkedIn: Boolean(row.checkedIn),
    pinned: Boolean(row.pinned),
    importance: Number(row.importance),
    embeddingModel: (row.embeddingModel as string | null) ?? null,
    fact: (row.fact as string | null) ?? null,
    kind: (row.kind as TMemoryRecord['kind']) ?? null,
    happensOn: (row.happensOn as string | null) ?? null,
    sourcePosition:
      row.sourcePosition === null || row.sourcePosition === undefined ? null : Number(row.sourcePosition),
    createdAt: new Date(row.createdAt as string),
    updatedAt: new Date(row.updatedAt as string),
  };
}

export type TNewMemoryRow = {
  userId: number;
  characterId: number;
  chatLogUuid: string | null;
  content: string;
  reply: string;
  characterName: string;
  importance: number;
  pinned?: boolean;
  /** Only written where the column exists. */
  embedding: TVectorParam | null;
  embeddingModel: string | null;
  /**
   * When it was said (quality sets replay older chats); by default the database's now, the clock chat
   * messages are stamped by (a rewind forgets the memories made since its message).
   */
  createdAt?: Date;
  /** The person's message's position in the chat it was said in (the drawer's source link), when known. */
  sourcePosition?: number | null;
};

export async function insertMemory(db: TDb, m: TNewMemoryRow): Promise<TMemoryRecord> {
  const withVector = m.embedding !== null;
  const result = await db.execute(sql`
    insert into memories as m (user_id, character_id, chat_log_uuid, content, reply, character_name, importance,
      pinned, embedding_model, created_at ${withVector ? sql`, embedding` : sql``})
    values (${m.userId}, ${m.characterId}, ${m.chatLogUuid}, ${m.content}, ${m.reply}, ${m.characterName},
      ${m.importance}, ${m.pinned ?? false}, ${withVector ? m.embeddingModel : null},
      coalesce(${m.createdAt?.toISOString() ?? null}::timestamptz, now())
      ${withVector ? sql`, ${vectorSql(m.embedding as TVectorParam)}` : sql``})
    returning ${RAW_COLUMNS}`);
  return toRecord(rowsOf<Record<string, unknown>>(result)[0] as Record<string, unknown>);
}

/** Memories ranked exactly by cosine after the Hamming pre-selection (as memory_vector_arm, migration 0029). */
const NEAREST_BY_SIGNS = 400;

/**
 * Stores a memory, or, when the person already has one of this character saying the same thing, refreshes
 * that one instead (the newer words, the higher importance, to be checked in on again): one statement.
 * The same thing is a vector at least `duplicateSimilarity` alike (cosine) when the memory comes with a
 * vector; without one, nearly the same letters (trigram similarity >= 0.8, with pg_trgm) or the same words
 * ignoring case.
 */
export async function saveMemory(
  db: TDb,
  m: TNewMemoryRow & { duplicateSimilarity: number; hasTrgm: boolean },
): Promise<TMemoryRecord> {
  const vector = m.embedding === null ? null : vectorSql(m.embedding);
  const same = vector
    ? // The person's nearest few hundred by their vectors' signs (migration 0029), then the exact cosine: a
      // near-copy is among the nearest by any measure, and only the few hundred vectors are read.
      sql`select c.id from (
            select m.id, m.embedding from memories m
            where m.user_id = ${m.userId} and m.character_id = ${m.characterId} and m.embedding_bits is not null
            order by (m.embedding_bits <~> binary_quantize(${vector})::bit(512)) + 0, m.id desc
            limit ${NEAREST_BY_SIGNS}) c
          where 1 - (c.embedding <=> ${vector}) >= ${m.duplicateSimilarity}
          order by c.embedding <=> ${vector} limit 1`
    : sql`select m.id from memories m
          where m.user_id = ${m.userId} and m.character_id = ${m.characterId}
            and ${
              m.hasTrgm
                ? sql`(lower(m.content) = lower(${m.content}) or similarity(m.content, ${m.content}) >= 0.8)`
                : sql`lower(m.content) = lower(${m.content})`
            }
          limit 1`;
  const result = await db.execute(sql`
    with same as (${same}),
    refreshed as (
      update memories as m set content = ${m.content}, reply = ${m.reply},
        importance = greatest(m.importance, ${m.importance}), updated_at = now(), checked_in = false
        ${vector ? sql`, embedding = ${vector}, embedding_model = ${m.embeddingModel}` : sql``}
      from same where m.id = same.id
      returning ${RAW_COLUMNS}
    ),
    added as (
      insert into memories as m (user_id, character_id, chat_log_uuid, source_position, content, reply,
        character_name, importance, pinned, embedding_model ${vector ? sql`, embedding` : sql``})
      select ${m.userId}::integer, ${m.characterId}::integer, ${m.chatLogUuid}::uuid,
        ${m.chatLogUuid === null ? null : (m.sourcePosition ?? null)}::integer, ${m.content}::text,
        ${m.reply}::text, ${m.characterName}::text, ${m.importance}::real, ${m.pinned ?? false}::boolean,
        ${vector ? m.embeddingModel : null}::text ${vector ? sql`, ${vector}` : sql``}
      where not exists (select 1 from same)
      returning ${RAW_COLUMNS}
    )
    select * from refreshed union all select * from added`);
  return toRecord(rowsOf<Record<string, unknown>>(result)[0] as Record<string, unknown>);
}

export async function listMemories(
  db: TDb,
  opts: { userId: number; characterId?: number; limit: number },
): Promise<TMemoryRecord[]> {
  const where: SQL[] = [eq(memories.userId, opts.userId)];
  if (opts.characterId !== undefined) where.push(eq(memories.characterId, opts.characterId));
  return db
    .select(memoryColumns)
    .from(memories)
    .where(and(...where))
    .orderBy(desc(memories.pinned), desc(memories.createdAt), desc(memories.id))
    .limit(opts.limit);
}

export async function latestMemories(db: TDb, userId: number, limit: number): Promise<TMemoryRecord[]> {
  return db
    .select(memoryColumns)
    .from(memories)
    .where(eq(memories.userId, userId))
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .limit(limit);
}

export async function countMemories(db: TDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memories)
    .where(eq(memories.userId, userId));
  return Number(row?.n ?? 0);
}

export const deleteMemory = (db: TDb, userId: number, id: number) => deleteOwnRow(db, memories, userId, id);

export async function setMemoryPinned(
  db: TDb,
  opts: { userId: number; id: number; pinned: boolean },
): Promise<TMemoryRecord | null> {
  const [row] = await db
    .update(memories)
    .set({ pinned: opts.pinned })
    .where(and(eq(memories.id, opts.id), eq(memories.userId, opts.userId)))
    .returning(memoryColumns);
  return row ?? null;
}

/**
 * The person's most-discussed topics: ts_stat over their own words (stems, stop words gone; each message
 * once, however many facts were kept of it; never the facts, which name the person in each), each stem
 * shown as the whole word the person used most often for it.
 */
export async function topTopics(db: TDb, userId: number, limit: number): Promise<string[]> {
  const uid = Math.trunc(userId);
  const result = await db.execute(sql`
    with stems as (
      select word as stem, ndoc from ts_stat(${`select to_tsvector('english'::regconfig, d.content) from (select distinct content from memories where user_id = ${uid}) d`})
      where length(word) > 2 and word !~ '^[0-9]+$'
      order by ndoc desc, word limit ${limit * 3}
    ),
    words as (
      select lower(w) as word,
        (tsvector_to_array(to_tsvector('english'::regconfig, lower(w))))[1] as stem
      from memories m, regexp_split_to_table(m.content, '[^[:alpha:]'']+') as w
      where m.user_id = ${uid} and length(w) > 2
    ),
    best as (
      select distinct on (stem) stem, word from words where stem is not null
      group by stem, word order by stem, count(*) desc, length(word)
    )
    select coalesce(b.word, s.stem) as topic from stems s left join best b on b.stem = s.stem
    order by s.ndoc desc, s.stem limit ${limit}`);
  return rowsOf<{ topic: string }>(result).map((r) => r.topic);
}

/** Memories whose vector is missing or was made by another encoder, oldest first; the text embedded is the fact when there is one. */
export async function memoriesToEmbed(
  db: TDb,
  opts: { embeddingModel: string; limit: number },
): Promise<{ id: number; content: string }[]> {
  return db
    .select({ id: memories.id, content: sql<string>`coalesce(${memories.fact}, ${memories.content})` })
    .from(memories)
    .where(sql`${memories.embeddingModel} is distinct from ${opts.embeddingModel}`)
    .orderBy(memories.id)
    .limit(opts.limit);
}

/** How many memories (everyone's) still have a vector from another encoder, or none: the re-embed's total. */
export async function countMemoriesToEmbed(db: TDb, opts: { embeddingModel: string }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memories)
    .where(sql`${memories.embeddingModel} is distinct from ${opts.embeddingModel}`);
  return row?.n ?? 0;
}

export async function setMemoryEmbedding(
  db: TDb,
  opts: { id: number; embedding: TVectorParam; embeddingModel: string },
): Promise<void> {
  await db.execute(sql`
    update memories set embedding = ${vectorSql(opts.embedding)}, embedding_model = ${opts.embeddingModel}
    where id = ${opts.id}`);
}

/** The character a memory is made for, when the person may chat with it (built-in, or their own). */
export async function memoryCharacter(db: TDb, userId: number, characterId: number) {
  const [row] = await db
    .select({ id: characters.id, name: characters.name, memoryDisabled: characters.memoryDisabled })
    .from(characters)
    .where(
      and(
        eq(characters.id, characterId),
        sql`(${characters.userId} is null or ${characters.userId} = ${userId})`,
      ),
    );
  return row ?? null;
}

/** Which search helpers this database has (decided by the guarded migrations). */
export async function installedSearchExtensions(db: TDb): Promise<{ vector: boolean; trgm: boolean }> {
  const result = await db.execute(sql`
    select exists (select 1 from pg_extension where extname = 'vector') as vector,
           exists (select 1 from pg_extension where extname = 'pg_trgm') as trgm`);
  const row = rowsOf<{ vector: boolean; trgm: boolean }>(result)[0];
  return { vector: Boolean(row?.vector), trgm: Boolean(row?.trgm) };
}
