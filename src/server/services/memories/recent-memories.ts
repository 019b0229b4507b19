// The person's latest memories, of any character.
import { RECENT_MEMORIES, type TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { latestMemories } from '../../db/queries/memories.ts';
import { toMemory } from './memory-service.ts';

export async function recentMemories(db: TDb, userId: number): Promise<TMemory[]> {
  return (await latestMemories(db, userId, RECENT_MEMORIES)).map((r) => toMemory(r));
}
