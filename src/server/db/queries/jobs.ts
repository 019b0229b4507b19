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

/**
 * Deletes a person's jobs in one queue whatever their state (waiting, retrying, done and kept an hour): a
 * queued memory-judge job holds the exchange's words until it is judged. Nothing when pg-boss never ran here.
 */
export async function deletePersonsJobs(
  db: TDb,
  opts: { schema: string; queue: string; userId: number },
): Promise<number> {
  const exists = rowsOf<{ t: string | null }>(
    await db.execute(sql`select to_regclass(${`${opts.schema}.job`})::text as t`),
  )[0]?.t;
  if (!exists) return 0;
  const result = await db.execute(
    sql`delete from ${sql.identifier(opts.schema)}.job
        where name = ${opts.queue} and data->>'userId' = ${String(opts.userId)} returning id`,
  );
  return rowsOf(result).length;
}
