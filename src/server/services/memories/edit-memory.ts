// The person rewrites one of their memories in the drawer: re-embedded, what it said before kept as history.
import type { TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { memoryTextOf, rewriteMemory } from '../../db/queries/memory-edits.ts';
import { toVectorParam } from '../../db/vector-param.ts';
import { notFound } from '../../lib/errors.ts';
import { modelOfVector } from '../../memory/embedder.ts';
import { withHistory } from './memory-history.ts';
import type { TMemoryService } from './memory-service.ts';

export async function editMemory(
  db: TDb,
  memory: TMemoryService,
  opts: { userId: number; id: number; text: string },
): Promise<TMemory> {
  // Not the person's: refused before the encoder runs (nothing to embed, nothing written).
  const current = await memoryTextOf(db, opts);
  if (current === null) throw notFound('Memory');
  // The same text again keeps its vector: no encoder run.
  const hasVector = current !== opts.text && (await memory.capabilities()).vector;
  const vector = hasVector ? await memory.embedOne(opts.text) : null;
  const row = await rewriteMemory(db, {
    userId: opts.userId,
    id: opts.id,
    text: opts.text,
    hasVector,
    vector: vector ? toVectorParam(vector) : null,
    model: vector ? modelOfVector(memory.embedder, vector) : memory.embedder.id,
  });
  if (!row) throw notFound('Memory');
  return (await withHistory(db, opts.userId, [row]))[0] as TMemory;
}
