// The person searches their memories (of one character or all): matches, not neighbours.
import type { TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { SEARCH_MIN_SIMILARITY } from '../../memory/thresholds.ts';
import { withHistory } from './memory-history.ts';
import type { TMemoryService } from './memory-service.ts';

export async function searchMemoriesFor(
  memory: TMemoryService,
  db: TDb,
  input: { userId: number; characterId: number | null; query: string },
): Promise<TMemory[]> {
  const rows = await memory.search({
    ...input,
    text: input.query,
    limit: 20,
    minSimilarity: SEARCH_MIN_SIMILARITY,
  });
  return withHistory(db, input.userId, rows);
}
