// Memory search's SQL: the hybrid ranking (memory_ranking, migrations 0023-0032) for a person's search and a
// reply's recall; every query names the person inside the SQL.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { memories } from '../schema.ts';
import { type TVectorParam, vectorSql } from '../vector-param.ts';
import { RAW_COLUMNS, type TMemoryRecord, toRecord } from './memories.ts';

/**
 * Fusion and BM25 settings, chosen on the dev splits of the two quality sets (the conversation set's dev
 * people and the even-numbered paraphrase pairs: scripts/tune-memory-fusion.ts) and reported on their test
 * splits (retrieval-quality.db.test.ts, conversation-quality.db.test.ts). The vector arm ranks by cosine
 * minus HUBNESS of each memory's mean similarity to its 5 nearest of the person's others (migration 0032);
 * with it, reciprocal rank with a small k and full text at 0.2 of the vector led (dev: conversation recall@5
 * 0.772 against 0.663 before, cosine alone 0.636 and BM25 alone 0.479; paraphrase recall@3 1.0 against
 * 0.871), ahead of 10 neighbours, a share of 0.25 or 1, taking off the person's mean vector instead, and
 * score-normalised sums. k1 0.9 and b 0.4 (BM25's short-text settings) tied with k1 1.2/b 0.75 at 5 and won
 * at 3; recency 0.05 tied with none. Trigrams (short searches only) keep their earlier small weight.
 * Checked again once the paraphrase dev split had 122 more pairs (153 in all, the 31 first ones all at 1.0
 * at 3 whatever the settings): these settings reach 0.654/0.882/0.954 at 1/3/5 there (cosine alone
 * 0.614/0.843/0.876), and scripts/tune-memory-fusion.ts picks them again (k1/b and recency tie). A share
 * of 0.75 (not in its grid) with k 3 and text at 0.1 was 2 of the 153 ahead at 3 and behind at 1 on both
 * sets (noise), so these stay. Nothing else tried gained more
 * on dev: embedding the question without its boilerplate ('do you remember', 'what is') too, pseudo-relevance
 * feedback on the vector, 3-50 hubness neighbours, centring on the person's mean vector, or a third arm
 * matching the question's words to the memory's through WordNet or the encoder's single-word vectors.
 */
const RRF_K = 1;
const W_VEC = 1;
const W_TEXT = 0.2;
const W_TRGM = 0.1;
export const HUBNESS = 0.5;
export const BM25_SETTINGS = {
  k1: 0.9,
  b: 0.4,
  /** Postings read per query term: exact BM25 for any term in at most this many of the person's memories. */
  depth: 1000,
} as const;
const RECENCY = 0.05;
const TRIGRAM_MAX_WORDS = 4;

export type TSearchInput = {
  userId: number;
  /** null: every character of the person's. */
  characterId: number | null;
  text: string;
  /** The query's vector, or null (no pgvector, or the encoder failed). */
  embedding: TVectorParam | null;
  hasTrgm: boolean;
  limit: number;
  /**
   * After fusion, memories that share no word with the text and are less alike than this (cosine) are
   * left out; 0 keeps every candidate.
   */
  minSimilarity: number;
  /**
   * The vector arm's candidates picked by the server from its copy of the person's signs, and the version of
   * that copy (migration 0040); the database picks them itself when absent or no longer current.
   */
  candidates?: { ids: number[]; version: number } | null;
};

/**
 * Hybrid search: vector similarity, BM25 and trigram word similarity, each ranked within the person's
 * memories, fused by reciprocal rank, then re-ranked by importance and recency (best first).
 */
export async function searchMemories(
  db: TDb,
  q: TSearchInput,
): Promise<(TMemoryRecord & { score: number })[]> {
  const result = await db.execute(sql`
    select ${RAW_COLUMNS}, r.score
    from ${ranking(q, false)} r join memories m on m.id = r.id
    order by r.score desc, m.id desc`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ...toRecord(row),
    score: Number(row.score),
  }));
}

/** Whether the person has any memory of the character (an index-only probe: recall is skipped without one). */
export async function hasMemoriesOf(db: TDb, q: { userId: number; characterId: number }): Promise<boolean> {
  const rows = await db
    .select({ id: memories.id })
    .from(memories)
    .where(and(eq(memories.userId, q.userId), eq(memories.characterId, q.characterId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A reply's recall in one statement: the person's pinned memories of the character (newest first, at
 * most 20), and the best `limit` of the others by the same ranking as `searchMemories`.
 */
export async function recallMemories(
  db: TDb,
  q: Omit<TSearchInput, 'characterId'> & { characterId: number },
): Promise<{ pinned: TMemoryRecord[]; top: TMemoryRecord[] }> {
  const result = await db.execute(sql`
    select ${RAW_COLUMNS}, r.score
    from ${ranking(q, true)} r join memories m on m.id = r.id
    union all
    (select ${RAW_COLUMNS}, null::float8 as score
     from memories m where m.user_id = ${q.userId} and m.character_id = ${q.characterId} and m.pinned
     order by m.created_at desc, m.id desc limit 20)`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const byScore = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    Number(b.score) - Number(a.score) || Number(b.id) - Number(a.id);
  const byNewest = (a: TMemoryRecord, b: TMemoryRecord) =>
    b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
  return {
    pinned: rows
      .filter((r) => r.score === null)
      .map(toRecord)
      .sort(byNewest),
    top: rows
      .filter((r) => r.score !== null)
      .sort(byScore)
      .map(toRecord),
  };
}

/**
 * The ranked (id, score) rows of `memory_ranking` (migration 0023): a PL/pgSQL function, so the database
 * plans the hybrid query once per connection instead of once per reply (its generic plan, migration 0037). `skipPinned` leaves the pinned
 * memories out of the ranking (recall adds them all anyway).
 */
function ranking(q: TSearchInput, skipPinned: boolean): SQL {
  // Trigrams catch misspelt names in short searches ('Biscut'); on long messages their index scan costs
  // more than everything else together (bench:memory) and adds nothing the vector arm does not find.
  const trigram = q.hasTrgm && q.text.trim().split(/\s+/).length <= TRIGRAM_MAX_WORDS;
  // The vector in binary (migration 0041); a bare null fits either form of the function (a vector where
  // the database has pgvector, text where it has not).
  const embedding = q.embedding === null ? sql`null` : vectorSql(q.embedding);
  return sql`memory_ranking(${q.userId}::integer, ${q.characterId}::integer, ${q.text}::text,
    ${embedding}, ${trigram}::boolean, ${q.limit}::integer, ${skipPinned}::boolean,
    ${q.minSimilarity}::float8, ${RRF_K}::float8, ${W_VEC}::float8, ${W_TEXT}::float8, ${W_TRGM}::float8,
    ${BM25_SETTINGS.k1}::float8, ${BM25_SETTINGS.b}::float8, ${BM25_SETTINGS.depth}::integer, ${RECENCY}::float8,
    ${HUBNESS}::float8, ${q.candidates ? `{${q.candidates.ids.join(',')}}` : null}::integer[],
    ${q.candidates?.version ?? null}::bigint)`;
}
