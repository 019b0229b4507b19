// Deletes one of the person's memories; another person's memory is not found.
import type { TDb } from '../../db/client.ts';
import { deleteMemory } from '../../db/queries/memories.ts';
import { notFound } from '../../lib/errors.ts';

export async function removeMemory(db: TDb, userId: number, id: number): Promise<{ message: string }> {
  if (!(await deleteMemory(db, userId, id))) throw notFound('Memory');
  return { message: 'Memory deleted' };
}
