// VACUUM and ANALYZE of the memory tables where nothing else runs them: the embedded database (PGlite runs
// no autovacuum) or a PostgreSQL with autovacuum off. Memory search reads the person's index alone only on
// pages VACUUM has marked all-visible (migration 0034), and plans by statistics ANALYZE keeps.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';

/** The tables memory search reads; memories first (its index-only scan is the one that needs it most). */
const MEMORY_TABLES = ['memories', 'memory_terms', 'memory_term_counts', 'memory_hubness'] as const;

/** Whether an autovacuum launcher runs (PostgreSQL with autovacuum on); PGlite has none. */
export async function hasAutovacuum(db: TDb): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum launcher'`,
    ),
  );
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * VACUUM (ANALYZE) each memory table that changed by more than 200 rows and 5% of its size since its last
 * vacuum (counts the database keeps while it runs: PGlite starts them at 0 when opened, so `all` vacuums
 * every table regardless, as on the first run after a start). A vacuum of an unchanged table skips its
 * all-visible pages. Returns the tables vacuumed.
 */
export async function vacuumMemoryTables(db: TDb, opts: { all: boolean }): Promise<string[]> {
  const stats = rowsOf<{ name: string; changed: number; size: number }>(
    await db.execute(sql`
      select c.relname as name, coalesce(s.n_ins_since_vacuum + s.n_dead_tup, 0)::float8 as changed,
        greatest(c.reltuples, 0)::float8 as size
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        and c.relname in (${sql.join(
          MEMORY_TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})`),
  );
  const vacuumed: string[] = [];
  for (const table of MEMORY_TABLES) {
    const s = stats.find((r) => r.name === table);
    if (!s || !(opts.all || s.changed > 200 + 0.05 * s.size)) continue;
    // Not in a transaction (VACUUM cannot be), one table per statement.
    await db.execute(sql.raw(`vacuum (analyze) ${table}`));
    vacuumed.push(table);
  }
  return vacuumed;
}
