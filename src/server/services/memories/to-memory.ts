// A stored memory as the API gives it.
import type { TMemory } from '../../../shared/memories.ts';
import type { TMemoryRecord } from '../../db/queries/memories.ts';

/** `history` is what its fact said before (memory-history.ts reads it). */
export function toMemory(r: TMemoryRecord, history: TMemory['history'] = []): TMemory {
  return {
    id: r.id,
    characterId: r.characterId,
    characterName: r.characterName,
    content: r.content,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    checked_in: r.checkedIn,
    pinned: r.pinned,
    importance: r.importance,
    fact: r.fact,
    kind: r.kind,
    happensOn: r.happensOn,
    source: r.chatLogUuid ? { chatUuid: r.chatLogUuid, position: r.sourcePosition } : null,
    updatedAt: r.updatedAt.toISOString(),
    history,
  };
}
