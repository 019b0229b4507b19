// A fingerprint of every table in the public schema, to show that a refused request changed nothing.
import { sql } from 'drizzle-orm';
import type { TDb } from '../server/db/client.ts';

/** Tables that a refused request may touch on purpose (the limiter counts refused attempts too). */
const IGNORED = new Set(['rate_limits', '__drizzle_migrations']);

export async function snapshotDatabase(db: TDb): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (IGNORED.has(name)) continue;
    const res = (await db.execute(
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${name}" t`,
      ),
    )) as unknown as { rows: { n: number; h: string }[] };
    out[name] = `${res.rows[0]!.n}:${res.rows[0]!.h}`;
  }
  return out;
}
