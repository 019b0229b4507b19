// Each arm of memory search on its own (migration 0023): the quality sets compare them with the fused search,
// and the fusion's parameters are chosen on their dev splits from these lists.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import { type TVectorParam, vectorSql } from '../vector-param.ts';

export type TArmHit = { id: number; score: number };

/**
 * The person's memories nearest the vector (best first, at most 50, with their cosine similarity): by plain
 * cosine, or by cosine minus `hub` of each memory's mean similarity to its nearest others (migration 0032).
 */
export async function vectorArm(
  db: TDb,
  q: { userId: number; characterId: number | null; embedding: TVectorParam; hub?: number },
): Promise<TArmHit[]> {
  const result = await db.execute(sql`
    select a.id, a.similarity as score from memory_vector_arm(${q.userId}::integer, ${q.characterId}::integer,
      ${vectorSql(q.embedding)}, ${q.hub ?? 0}::float8, null, null) a order by a.r`);
  return rowsOf<{ id: number; score: number }>(result).map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
  }));
}

/** The person's memories by BM25 over their own term statistics (best first, at most 50). */
export async function bm25Arm(
  db: TDb,
  q: { userId: number; characterId: number | null; text: string; k1: number; b: number; depth: number },
): Promise<TArmHit[]> {
  const result = await db.execute(sql`
    select a.id, a.score from memory_bm25_arm(${q.userId}::integer, ${q.characterId}::integer, ${q.text}::text,
      ${q.k1}::float8, ${q.b}::float8, ${q.depth}::integer) a order by a.r`);
  return rowsOf<{ id: number; score: number }>(result).map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
  }));
}
