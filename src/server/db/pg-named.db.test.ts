import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/test-db.ts';
import type { TDatabase } from './client.ts';
import { withNamedStatements } from './pg-named.ts';

// PostgreSQL only (node-postgres); PGlite's counterpart is tested in pglite-prepared.test.ts.
let database: TDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  database = await openTestDatabase();
  if (database.connectionString) {
    pool = withNamedStatements(new pg.Pool({ connectionString: database.connectionString, max: 1 }), 3);
    await pool.query('create table named_notes (id serial primary key, body text not null unique)');
  }
});
afterAll(async () => {
  await pool?.end();
  await database.close();
});
const kept = async () =>
  Number(
    (await pool.query("select count(*) as n from pg_prepared_statements where name like 'k\\_%'")).rows[0].n,
  );
// A failing query discards its connection (node-postgres' pool), and with it that connection's statements.

describe.skipIf(!process.env.TEST_DATABASE_URL)('node-postgres with named statements', () => {
  it('names each statement given as a config object once; the answers are the same', async () => {
    const insert = { text: 'insert into named_notes (body) values ($1) returning id, body' };
    expect((await pool.query(insert, ['first'])).rows).toEqual([{ id: 1, body: 'first' }]);
    expect((await pool.query(insert, ['second'])).rows).toEqual([{ id: 2, body: 'second' }]);
    const select = { text: 'select body from named_notes where id = $1', rowMode: 'array' as const };
    expect((await pool.query(select, [2])).rows).toEqual([['second']]);
    // Plain text queries (not drizzle's shape) stay unnamed.
    expect((await pool.query('select count(*)::int as n from named_notes')).rows).toEqual([{ n: 2 }]);
    expect(await kept()).toBe(2);
  });

  it('a failing statement throws the database error; a table changed under one runs it unnamed', async () => {
    await expect(
      pool.query({ text: 'insert into named_notes (body) values ($1) returning id, body' }, ['first']),
    ).rejects.toMatchObject({ code: '23505' });
    const all = { text: 'select * from named_notes order by id limit 1' };
    expect(Object.keys((await pool.query(all)).rows[0])).toEqual(['id', 'body']);
    await pool.query("alter table named_notes add column mood text default 'calm'");
    expect((await pool.query(all)).rows[0]).toEqual({ id: 1, body: 'first', mood: 'calm' });
  });

  it('names at most the given number of texts; later ones run unnamed', async () => {
    const capped = withNamedStatements(
      new pg.Pool({ connectionString: database.connectionString, max: 1 }),
      2,
    );
    try {
      for (let i = 0; i < 5; i++) {
        expect((await capped.query({ text: `select ${i} as n` })).rows).toEqual([{ n: i }]);
      }
      const { rows } = await capped.query(
        "select statement from pg_prepared_statements where name like 'k\\_%'",
      );
      expect(rows.map((r) => r.statement).sort()).toEqual(['select 0 as n', 'select 1 as n']);
    } finally {
      await capped.end();
    }
  });
});
