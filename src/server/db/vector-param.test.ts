import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from './pglite-prepared.ts';
import { fromVectorParam, toVectorParam } from './vector-param.ts';

let client: PGlite;
let prepared: PGlite;
const numbers = Array.from({ length: 512 }, (_, i) => Math.sin(i * 7.3) / 20);
// What the database makes of the text form: each number as a float4.
const asFloat4 = numbers.map((x) => Math.fround(x));
const readBack = (text: string) => (JSON.parse(text) as number[]).map((x) => Math.fround(x));

beforeAll(async () => {
  client = await PGlite.create({ extensions: { vector } });
  await client.exec('create extension vector; create table v (id serial primary key, e vector(512))');
  prepared = withPreparedStatements(client);
});
afterAll(async () => {
  await client.close();
});

describe('a vector as a binary query parameter', () => {
  it('is pgvector binary form: the dimensions, then big-endian float4s, and reads back as float4', () => {
    const param = toVectorParam(numbers);
    expect(param.length).toBe(4 + 512 * 4);
    expect(param.readInt16BE(0)).toBe(512);
    expect(param.readFloatBE(4 + 4 * 3)).toBe(asFloat4[3]);
    expect(fromVectorParam(param)).toEqual(asFloat4);
  });

  it('is the same vector to the database as its text form, through a kept statement and in a transaction', async () => {
    const param = toVectorParam(numbers);
    const stored = await prepared.query<{ id: number; e: string }>(
      'insert into v (e) values ($1::vector) returning id, e::text as e',
      [param],
    );
    expect(readBack(stored.rows[0]?.e ?? '[]')).toEqual(asFloat4);
    // Compared in the database with the text form (as pgvector's own client would send it).
    const text = `[${numbers.join(',')}]`;
    const same = await prepared.query<{ d: number }>('select $1::vector <-> $2::vector as d', [param, text]);
    expect(same.rows[0]?.d).toBe(0);

    const inTransaction = await prepared.transaction(async (tx) => {
      const row = await tx.query<{ d: number }>('select e <-> $1::vector as d from v where id = $2', [
        param,
        stored.rows[0]?.id,
      ]);
      return row.rows[0]?.d;
    });
    expect(inTransaction).toBe(0);
  });

  it('is refused by the database when it is not a vector of the column width', async () => {
    await expect(
      prepared.query('insert into v (e) values ($1::vector)', [toVectorParam([1, 2, 3])]),
    ).rejects.toThrow(/expected 512 dimensions/);
  });
});
