// The memory tables' VACUUM where no autovacuum runs (the embedded database): it leaves every page of
// memories all-visible (what memory search's index-only scan needs, migration 0034), and an unchanged
// table is left alone.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
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
});
