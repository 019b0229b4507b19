// Opens the database: PGlite in the data folder by default (db/pglite.ts, loaded only then), PostgreSQL
// when DATABASE_URL is set.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { withNamedStatements } from './pg-named.ts';
import * as schema from './schema.ts';

export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw connection, for the jobs runner (pg-boss opens its own pool on Postgres). */
  pglite?: PGlite;
  connectionString?: string;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function wrapPostgres(connectionString: string, max = 10): TDatabase {
  // Queries run as named statements (prepared once per connection); migrations on a pool of their own.
  const pool = withNamedStatements(new pg.Pool({ connectionString, max }));
  const db = drizzlePg(pool, { schema }) as unknown as TDb;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const own = new pg.Pool({ connectionString, max: 1 });
      try {
        await migratePg(drizzlePg(own), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await own.end();
      }
    },
    close: () => pool.end(),
    connectionString,
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<TDatabase> {
  if (opts.databaseUrl) return wrapPostgres(opts.databaseUrl);
  const { openPglite, pgliteDir, wrapPglite } = await import('./pglite.ts');
  return wrapPglite(await openPglite(pgliteDir(opts.dataDir)));
}

/** node-postgres and PGlite return raw results in different shapes. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
