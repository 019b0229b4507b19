// Liveness and readiness for load balancers and orchestrators.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, rowsOf, type TDatabase } from '../db/client.ts';
import type { TAppContext } from '../lib/http.ts';

const expectedMigrations = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** GET /healthz: the process answers. */
export const liveness = (c: TAppContext) => c.json({ status: 'ok' });

/** GET /readyz: the database answers and every migration is applied. */
export function readiness(database: TDatabase) {
  return async (c: TAppContext) => {
    try {
      const result = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const applied = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
      if (applied < expectedMigrations) {
        return c.json({ status: 'migrating', applied, expected: expectedMigrations }, 503);
      }
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'database unreachable' }, 503);
    }
  };
}
