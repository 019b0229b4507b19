// Pins or unpins one of the person's memories (pinned ones always go into the prompt).
import type { TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { setMemoryPinned } from '../../db/queries/memories.ts';
import { notFound } from '../../lib/errors.ts';
import { withHistory } from './memory-history.ts';

export async function pinMemory(
  db: TDb,
  opts: { userId: number; id: number; pinned: boolean },
): Promise<TMemory> {
  const row = await setMemoryPinned(db, opts);
  if (!row) throw notFound('Memory');
  return (await withHistory(db, opts.userId, [row]))[0] as TMemory;
}
