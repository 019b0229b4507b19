// The embedded database: PGlite in a folder, with the extensions the schema uses. Loaded by openDatabase
// only when no DATABASE_URL is set (PGlite, its extensions and drizzle's adapter stay out of a server on
// PostgreSQL); tests, benches and scripts that want PGlite import it from here.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, type TDatabase, type TDb } from './client.ts';
import { withPreparedStatements } from './pglite-prepared.ts';
import * as schema from './schema.ts';

/** Where the embedded database lives in the data folder. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'db');

/** PGlite in `dataDir` (in memory without one); `loadDataDir` starts it from a dump (restore). */
export async function openPglite(
  dataDir: string | undefined,
  options: { loadDataDir?: Blob } = {},
): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir, { extensions: { vector, pg_trgm, btree_gin }, ...options });
}

export function wrapPglite(client: PGlite): TDatabase {
  // Queries run as kept prepared statements (PGlite would parse and plan each one anew); migrations as they are.
  const db = drizzlePglite({ client: withPreparedStatements(client), schema }) as unknown as TDb;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    pglite: client,
  };
}
