// The person's latest memories, of any character: /profile's highlights show the person's words, so the
// several facts kept of one message show as that message once.
import { RECENT_MEMORIES, type TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { latestMemories } from '../../db/queries/memories.ts';
import { FACTS_MAX } from '../../memory/judge.ts';
import { withHistory } from './memory-history.ts';

export async function recentMemories(db: TDb, userId: number): Promise<TMemory[]> {
  const seen = new Set<string>();
  const rows = (await latestMemories(db, userId, RECENT_MEMORIES * FACTS_MAX)).filter((r) => {
    const said = `${r.characterId}\n${r.content}`;
    if (seen.has(said)) return false;
    seen.add(said);
    return true;
  });
  return withHistory(db, userId, rows.slice(0, RECENT_MEMORIES));
}
