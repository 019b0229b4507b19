// Where no autovacuum runs (the embedded database; a PostgreSQL with it off), the memory tables are
// vacuumed and analyzed every 15 minutes once they changed enough, and all of them on the first run after
// a start. Elsewhere the job does nothing.
import { hasAutovacuum, vacuumMemoryTables } from '../db/queries/vacuum.ts';
import type { TJobDefinition } from './types.ts';

export function vacuumJob(): TJobDefinition {
  let isFirst = true;
  return {
    name: 'memory-vacuum',
    everySeconds: 15 * 60,
    async run(ctx) {
      if (await hasAutovacuum(ctx.db)) return;
      const started = performance.now();
      const tables = await vacuumMemoryTables(ctx.db, { all: isFirst });
      isFirst = false;
      if (tables.length > 0)
        ctx.log.info({ tables, ms: Math.round(performance.now() - started) }, 'memory tables vacuumed');
    },
  };
}
