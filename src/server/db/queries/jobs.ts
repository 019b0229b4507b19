// Reads of pg-boss's job table (the jobs runner's queues), for the runner's summary.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';

export type TJobStateCount = { name: string; state: string; n: number };

/** Job counts per queue and state; `schema` is the runner's own constant, never input. */
export async function countJobsByState(db: TDb, schema: string, names: string[]): Promise<TJobStateCount[]> {
  if (names.length === 0) return [];
  const result = await db.execute(
    sql`select name, state::text as state, count(*)::int as n from ${sql.identifier(schema)}.job
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) group by name, state`,
  );
  return rowsOf<TJobStateCount>(result).map((r) => ({ ...r, n: Number(r.n) }));
}
