// The topics the person's memories mention most.
import { TOP_TOPICS } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { topTopics } from '../../db/queries/memories.ts';

export async function mostDiscussedTopics(db: TDb, userId: number): Promise<{ topics: string[] }> {
  return { topics: await topTopics(db, userId, TOP_TOPICS) };
}
