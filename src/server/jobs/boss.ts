// One pg-boss instance on the app's database: PGlite through pg-boss's own adapter, or Postgres.
import { fromPglite, PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/client.ts';

/** pg-boss's tables live in their own schema of the app's database. */
export const BOSS_SCHEMA = 'pgboss';

export function createBoss(database: TDatabase): PgBoss {
  const common = { schema: BOSS_SCHEMA, superviseIntervalSeconds: 60, monitorIntervalSeconds: 60 };
  if (database.pglite) {
    return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  }
  if (database.connectionString) {
    return new PgBoss({ ...common, connectionString: database.connectionString, max: 3 });
  }
  throw new Error('pg-boss needs a PGlite client or a Postgres connection string');
}
