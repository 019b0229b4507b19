// How many memories the person has.
import type { TDb } from '../../db/client.ts';
import { countMemories } from '../../db/queries/memories.ts';

export async function totalMemories(db: TDb, userId: number): Promise<{ totalMemories: number }> {
  return { totalMemories: await countMemories(db, userId) };
}
