import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared.ts';

let client: PGlite;
let prepared: PGlite;
const kept = async () =>
  (
    await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where name like 'kindred_%'",
    )
  ).rows[0]?.n;

beforeEach(async () => {
  client = await PGlite.create();
  await client.exec(`create table notes (id serial primary key, body text not null unique, at timestamptz,
    done boolean, extra jsonb)`);
  prepared = withPreparedStatements(client, 3);
});
afterEach(async () => {
  await client.close();
});

describe('PGlite with kept prepared statements', () => {
  it('answers as PGlite does (parameters of each type, nulls, array rows) and keeps one statement per text', async () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    const insert = 'insert into notes (body, at, done, extra) values ($1, $2, $3, $4) returning *';
    const mine = await prepared.query(insert, ['first', at, true, { tags: ['a'] }]);
    const theirs = await client.query(insert, ['second', null, false, null]);
    expect(mine.rows).toEqual([{ id: 1, body: 'first', at, done: true, extra: { tags: ['a'] } }]);
    expect(mine.affectedRows).toBe(theirs.affectedRows);
    expect(mine.fields).toEqual(theirs.fields);

    const select = 'select id, body from notes where done = $1 order by id';
    for (const done of [true, false, true]) {
      const [a, b] = [await prepared.query(select, [done]), await client.query(select, [done])];
      expect(a.rows).toEqual(b.rows);
    }
    expect((await prepared.query(select, [false], { rowMode: 'array' })).rows).toEqual([[2, 'second']]);
    expect(await kept()).toBe(2);
  });

  it("a query's own parsers are used before the client's, as PGlite's own query uses them", async () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    await client.query('insert into notes (body, at, done, extra) values ($1, $2, $3, $4)', [
      'x',
      at,
      true,
      { a: 1 },
    ]);
    const text = 'select at, done, extra from notes';
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `raw ${value}` } };
    const [a, b] = [await prepared.query(text, [], options), await client.query(text, [], options)];
    expect(a.rows).toEqual(b.rows);
    expect(a.rows).toEqual([[expect.stringMatching(/^raw 2026-11-23/), true, { a: 1 }]]);
    // Not kept for the next query.
    expect((await prepared.query(text, [], { rowMode: 'array' })).rows).toEqual([[at, true, { a: 1 }]]);
  });

  it('a failing statement throws the database error and the next one runs; a statement that does not parse is not kept', async () => {
    await prepared.query('insert into notes (body) values ($1)', ['same']);
    await expect(prepared.query('insert into notes (body) values ($1)', ['same'])).rejects.toMatchObject({
      code: '23505',
    });
    await expect(prepared.query('selec nothing')).rejects.toMatchObject({ code: '42601' });
    expect(await kept()).toBe(1);
    expect((await prepared.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('never runs inside a transaction in progress: it waits for its end', async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('in the transaction')");
      await held;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let counted: number | undefined;
    const count = prepared
      .query<{ n: number }>('select count(*)::int as n from notes')
      .then((r) => (counted = r.rows[0]?.n));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counted).toBeUndefined();
    finish();
    await transaction;
    await count;
    expect(counted).toBe(0);
  });

  it('a table changed under a kept statement: the statement is prepared again', async () => {
    await prepared.query("insert into notes (body) values ('one')");
    expect(Object.keys((await prepared.query('select * from notes')).rows[0] as object)).not.toContain(
      'mood',
    );
    await client.exec("alter table notes add column mood text default 'calm'");
    expect((await prepared.query('select * from notes')).rows[0]).toMatchObject({
      body: 'one',
      mood: 'calm',
    });
  });

  it('keeps at most the given number of statements, closing the least recently used', async () => {
    for (let i = 0; i < 6; i++) await prepared.query(`select ${i} as n`);
    expect(await kept()).toBe(3);
    expect((await prepared.query('select 0 as n')).rows).toEqual([{ n: 0 }]);
    expect(await kept()).toBe(3);
  });
});
