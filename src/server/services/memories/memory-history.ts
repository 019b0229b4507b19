// Memories for the API with what their facts said before (the drawer shows a memory's history).
import type { TFactHistoryEntry, TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import type { TMemoryRecord } from '../../db/queries/memories.ts';
import { factHistoryOf } from '../../db/queries/memory-facts.ts';
import { toMemory } from './to-memory.ts';

/**
 * The person's memories as the API shows them, each with its history (one query for all): what its fact
 * said before the judge or the person rewrote it, or a hand-added memory's words before the person's edit.
 */
export async function withHistory(db: TDb, userId: number, rows: TMemoryRecord[]): Promise<TMemory[]> {
  const byMemory = new Map<number, TFactHistoryEntry[]>();
  for (const h of await factHistoryOf(
    db,
    userId,
    rows.map((r) => r.id),
  )) {
    const list = byMemory.get(h.memoryId) ?? [];
    list.push({
      fact: h.fact,
      kind: h.kind,
      happensOn: h.happensOn,
      source: h.sourceChatUuid ? { chatUuid: h.sourceChatUuid, position: h.sourcePosition } : null,
      since: new Date(h.since).toISOString(),
      replacedAt: new Date(h.replacedAt).toISOString(),
    });
    byMemory.set(h.memoryId, list);
  }
  return rows.map((r) => toMemory(r, byMemory.get(r.id) ?? []));
}
