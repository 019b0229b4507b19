// Raw statements built once, with sql.placeholder() where their values go, then run with only the values.
// `db.execute(sql`...`)` builds the statement's text from its fragments on every call: on the reply path
// that building was the largest share of what the server allocated per turn (bench/reply-pipeline.ts).
// Prepared here, a statement is a named one on PostgreSQL and a kept one on PGlite (pglite-prepared.ts).
import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TDb } from './client.ts';

const dialect = new PgDialect();

/** A value of a statement's fragment: given, or a placeholder filled when a prepared statement runs. */
export type TSqlParam<T> = T | Placeholder;

type TPrepared = ReturnType<TDb['_']['session']['prepareQuery']>;

/**
 * A raw statement by name: `build` runs once per database (its values as sql.placeholder('name')), and
 * each call sends `values` by those names. Its result is db.execute's (rows as the driver gives them).
 * A name stands for one text: a statement with variants takes one name per variant.
 */
export function preparedSql(name: string, build: () => SQL) {
  const byDb = new WeakMap<TDb, TPrepared>();
  return (db: TDb, values: Record<string, unknown>): Promise<unknown> => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
      byDb.set(db, prepared);
    }
    return prepared.execute(values);
  };
}
