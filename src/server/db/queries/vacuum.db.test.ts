// The memory tables' VACUUM where no autovacuum runs (the embedded database): it leaves every page of
// memories all-visible (what memory search's index-only scan needs, migration 0034), and an unchanged
// table is left alone.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { modelSetFromConfig } from '../../ai/model-set.ts';
import { loadConfig } from '../../config.ts';
import { jobDefinitions } from '../../jobs/index.ts';
import { createJobRunner } from '../../jobs/runner.ts';
import { createLogger } from '../../lib/logger.ts';
import { rowsOf } from '../client.ts';
import { hasAutovacuum, vacuumMemoryTables } from './vacuum.ts';

const database = setUpTestDatabase();

const visibility = async () =>
  rowsOf<{ pages: number; visible: number }>(
    await database.db.execute(
      sql`select relpages as pages, relallvisible as visible from pg_class where oid = 'memories'::regclass`,
    ),
  )[0];

describe('vacuuming the memory tables', () => {
  it('knows the embedded database runs no autovacuum', async () => {
    if (database.kind === 'pglite') expect(await hasAutovacuum(database.db)).toBe(false);
  });

  it('marks every page of memories all-visible, and leaves unchanged tables alone after', async () => {
    const me = await createSignedInUser(database);
    await database.db.execute(sql`insert into memories (user_id, character_id, content, character_name)
      select ${me.id}, 1, 'I told you about my garden on day ' || i, 'Seraphine Vale' from generate_series(1, 500) i`);
    const tables = await vacuumMemoryTables(database.db, { all: true });
    // memory_hubness is there with pgvector only.
    expect(tables.slice(0, 3)).toEqual(['memories', 'memory_terms', 'memory_term_counts']);
    const after = await visibility();
    expect(after?.pages).toBeGreaterThan(0);
    expect(after?.visible).toBe(after?.pages);
    expect(await vacuumMemoryTables(database.db, { all: false })).toEqual([]);
  });

  it('runs as a job of the app’s runner (VACUUM outside any transaction)', async () => {
    const me = await createSignedInUser(database);
    await database.db.execute(sql`insert into memories (user_id, character_id, content, character_name)
      select ${me.id}, 1, 'I told you about my kitchen on day ' || i, 'Seraphine Vale' from generate_series(1, 300) i`);
    const log = createLogger('silent');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-vacuum-')),
    });
    const job = jobDefinitions(config).find((j) => j.name === 'memory-vacuum');
    expect(job).toBeDefined();
    if (!job) return;
    const runner = createJobRunner({
      database,
      jobs: [job],
      context: { config, log, models: modelSetFromConfig(config) },
      log,
    });
    await runner.start();
    const end = Date.now() + 20_000;
    let done = false;
    while (!done && Date.now() < end) {
      done = (await runner.summary())[0]?.completed === 1;
      if (!done) await new Promise((r) => setTimeout(r, 100));
    }
    const failed = (await runner.summary())[0]?.failed;
    await runner.stop();
    expect(done).toBe(true);
    expect(failed).toBe(0);
    // Where autovacuum runs the job leaves it to autovacuum.
    if (!(await hasAutovacuum(database.db))) {
      const after = await visibility();
      expect(after?.visible).toBe(after?.pages);
    }
  });
});
