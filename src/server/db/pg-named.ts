// Named (prepared) statements for node-postgres. Drizzle sends each query as an unnamed statement: its
// whole text, parsed and planned by PostgreSQL every time. Named, node-postgres prepares it once per
// connection and then sends only the values (Bind and Execute): on the reply path that halved the
// server's cost of its database writes (bench/reply-pipeline.ts). The PGlite counterpart is
// pglite-prepared.ts.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Distinct statement texts named per process; later new texts run unnamed (each connection keeps them all). */
const MAX_NAMED = 512;
/** PostgreSQL's "cached plan must not change result type": a table changed under a prepared statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

type TQueryConfig = { text: string; name?: string } & Record<string, unknown>;

/**
 * Makes `pool.query` name every statement it is given as a config object without a name (drizzle's way),
 * by a hash of its text, up to `maxNamed` texts. A statement whose tables changed under it runs unnamed from
 * then on. Transactions (pool.connect()) run as they are.
 */
export function withNamedStatements(pool: pg.Pool, maxNamed = MAX_NAMED): pg.Pool {
  const names = new Map<string, string>();
  const unnamed = new Set<string>();
  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= maxNamed || unnamed.has(text)) return known;
    const name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  const original = pool.query.bind(pool) as (
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) => unknown;
  const named = (config: unknown, values?: unknown, callback?: unknown) => {
    const text = (config as TQueryConfig | null)?.text;
    const isPlain =
      callback === undefined &&
      typeof config === 'object' &&
      typeof text === 'string' &&
      (config as TQueryConfig).name === undefined;
    const name = isPlain ? nameFor(text) : undefined;
    if (name === undefined) return original(config, values, callback);
    return (original({ ...(config as TQueryConfig), name }, values) as Promise<pg.QueryResult>).catch(
      (error: { code?: string }) => {
        if (error.code !== FEATURE_NOT_SUPPORTED) throw error;
        names.delete(text as string);
        unnamed.add(text as string);
        return original(config, values);
      },
    );
  };
  return Object.assign(pool, { query: named }) as pg.Pool;
}
