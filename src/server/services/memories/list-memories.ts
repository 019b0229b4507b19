// The Memories drawer: one person's memories of one character.
import type { TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { listMemories } from '../../db/queries/memories.ts';
import { withHistory } from './memory-history.ts';

/** The Memories drawer lists at most this many (pinned first, then newest). */
export const MEMORY_LIST_MAX = 500;

export async function memoriesOfCharacter(db: TDb, userId: number, characterId: number): Promise<TMemory[]> {
  return withHistory(db, userId, await listMemories(db, { userId, characterId, limit: MEMORY_LIST_MAX }));
}
