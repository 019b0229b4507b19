// The person searches their memories (of one character or all): matches, not neighbours.
import type { TMemory } from '../../../shared/memories.ts';
import { SEARCH_MIN_SIMILARITY, type TMemoryService, toMemory } from './memory-service.ts';

export async function searchMemoriesFor(
  memory: TMemoryService,
  input: { userId: number; characterId: number | null; query: string },
): Promise<TMemory[]> {
  return (
    await memory.search({ ...input, text: input.query, limit: 20, minSimilarity: SEARCH_MIN_SIMILARITY })
  ).map(toMemory);
}
