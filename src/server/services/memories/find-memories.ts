// The person's memories closest to a text: full text, trigrams and (where the database has pgvector) the
// text's vector, fused and ranked.
import type { TMemoryRecord } from '../../db/queries/memories.ts';
import { searchMemories } from '../../db/queries/memory-search.ts';
import { toVectorParam } from '../../db/vector-param.ts';
import type { TMemoryIndex } from '../../memory/memory-index.ts';
import { RECALL_MIN_SIMILARITY } from '../../memory/thresholds.ts';

export type TFindMemoriesInput = {
  userId: number;
  characterId: number | null;
  text: string;
  limit: number;
  minSimilarity?: number;
  /** The text's vector when the caller already has it (null: search without one). */
  embedding?: number[] | null;
};

export async function findMemories(index: TMemoryIndex, input: TFindMemoriesInput): Promise<TMemoryRecord[]> {
  const c = await index.capabilities();
  const vector = c.vector
    ? input.embedding !== undefined
      ? input.embedding
      : await index.embedOne(input.text)
    : null;
  const embedding = vector ? toVectorParam(vector) : null;
  return searchMemories(index.db, {
    userId: input.userId,
    characterId: input.characterId,
    text: input.text,
    embedding,
    candidates: await index.candidatesFor(input.userId, input.characterId, embedding),
    hasTrgm: c.trgm,
    limit: input.limit,
    minSimilarity: input.minSimilarity ?? RECALL_MIN_SIMILARITY,
  });
}
