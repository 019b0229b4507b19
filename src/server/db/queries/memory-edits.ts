// SQL for a memory the person rewrites in the drawer: what it said before goes to its history, in one
// statement that names the person. A fact's words are the fact; a hand-added memory's are its content.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import type { TVectorParam } from '../vector-param.ts';
import { RAW_COLUMNS, type TMemoryRecord, toRecord } from './memories.ts';

/** What the person's memory says now (its fact, else its words); null when it is not the person's. */
export async function memoryTextOf(db: TDb, m: { userId: number; id: number }): Promise<string | null> {
  const rows = rowsOf<{ text: string }>(
    await db.execute(sql`
      select coalesce(m.fact, m.content) as text from memories m where m.id = ${m.id} and m.user_id = ${m.userId}`),
  );
  return rows[0]?.text ?? null;
}

/**
 * Sets the text of the person's memory (its fact when it has one, else its words) and keeps what it said,
 * with its kind, day and source and since when, as its history. The vector is the new text's when the
 * database has vectors (null: the encoder failed; re-embedding fills it later); with `hasVector` false the
 * vector is left as it is (no pgvector, or the same text). Null: not the person's.
 */
export async function rewriteMemory(
  db: TDb,
  m: {
    userId: number;
    id: number;
    text: string;
    hasVector: boolean;
    vector: TVectorParam | null;
    model: string;
  },
): Promise<TMemoryRecord | null> {
  const vector = m.hasVector
    ? sql`, embedding = ${m.vector}::vector, embedding_model = ${m.vector === null ? null : m.model}`
    : sql``;
  const result = await db.execute(sql`
    with old as (
      select o.* from memories o where o.id = ${m.id} and o.user_id = ${m.userId} for update
    ), kept as (
      insert into memory_fact_history (memory_id, user_id, fact, kind, happens_on, source_chat_uuid,
        source_position, since)
      select old.id, old.user_id, coalesce(old.fact, old.content), old.kind, old.happens_on, old.chat_log_uuid,
        old.source_position,
        coalesce((select max(h.replaced_at) from memory_fact_history h where h.memory_id = old.id), old.created_at)
      from old where coalesce(old.fact, old.content) <> ${m.text}
    )
    update memories as m set
      fact = case when old.fact is null then null else ${m.text} end,
      content = case when old.fact is null then ${m.text} else m.content end,
      updated_at = now() ${vector}
    from old where m.id = old.id
    returning ${RAW_COLUMNS}`);
  const row = rowsOf<Record<string, unknown>>(result)[0];
  return row ? toRecord(row) : null;
}
