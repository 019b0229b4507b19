// Prepared statements for PGlite. Its query() parses, analyses and plans every statement anew (an unnamed
// statement each time), which on the embedded database is the server's own CPU: for the reply path's
// statements that was 30-60% of their cost (bench/reply-pipeline.ts). node-postgres keeps a named
// statement per query on PostgreSQL; this does the same for PGlite, with PGlite's own public protocol
// building blocks (the wire protocol's Parse once, then Bind and Execute) and its own result parsing.
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type TBackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type TStatement = { name: string; paramTypes: number[]; rowDescription: TBackendMessage | null };

/** Distinct statements kept at once by default; the least recently used one is closed past this. */
const MAX_STATEMENTS = 256;
/** PostgreSQL's "cached plan must not change result type" (a table changed under a kept statement). */
const FEATURE_NOT_SUPPORTED = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * The client drizzle runs on: `query` with a kept named statement per SQL text (least recently used
 * closed past `maxStatements`); transactions, exec and everything else are PGlite's own. Like PGlite's
 * query(), it waits for any transaction in progress and never runs inside one.
 */
export function withPreparedStatements(client: PGlite, maxStatements = MAX_STATEMENTS): PGlite {
  const statements = new Map<string, TStatement>();
  let counter = 0;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  /** Drops a kept statement, here and in the database. */
  const forget = async (text: string) => {
    const statement = statements.get(text) as TStatement;
    statements.delete(text);
    await send(protocol.serialize.close({ type: 'S', name: statement.name }));
  };

  const prepare = async (text: string, options?: QueryOptions): Promise<TStatement> => {
    const name = `kindred_${++counter}`;
    await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const statement: TStatement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    if (statements.size > maxStatements) await forget(statements.keys().next().value as string);
    return statement;
  };

  const run = async (text: string, params: unknown[], options?: QueryOptions): Promise<TBackendMessage[]> => {
    const messages: TBackendMessage[] = [];
    let isSynced = false;
    try {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last: the map's order is the eviction order.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text, options);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        // Bytes go as a binary parameter, as node-postgres sends a Buffer (a vector: vector-param.ts).
        if (value instanceof Uint8Array) return value;
        const type = statement.paramTypes[i] as number;
        const serialize = options?.serializers?.[type] ?? client.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      // Bind, Execute and Sync in one call into the database (one pass of its loop instead of three); an
      // error skips to the Sync all the same.
      isSynced = true;
      const answered = await send(
        concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      // The kept row description goes where a Describe would have put it: before the rows.
      const bound = answered.findIndex((m) => m.name === 'bindComplete') + 1;
      messages.push(...answered.slice(0, bound));
      if (statement.rowDescription) messages.push(statement.rowDescription);
      messages.push(...answered.slice(bound));
    } finally {
      if (!isSynced) messages.push(...(await send(protocol.serialize.sync())));
    }
    return messages;
  };

  const query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    // Blobs (COPY to and from /dev/blob) take PGlite's own path.
    if (options?.blob) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let messages: TBackendMessage[];
        try {
          messages = await run(text, params, options);
        } catch (error) {
          if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED || !statements.has(text)) {
            throw Object.assign(error as Error, { query: text, params, queryOptions: options });
          }
          // The statement's tables changed since it was kept: prepare it again, once.
          await forget(text);
          await send(protocol.serialize.sync());
          messages = await run(text, params, options);
        }
        await client.syncToFs();
        // A query's own parsers (drizzle passes 9 with every query) are looked up before the client's: PGlite
        // would copy the client's 318 into a new object for each query (half of what a memory search
        // allocated); an object with the client's as its prototype reads the same.
        if (!options?.parsers) return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
        const parsers = Object.assign(
          Object.create(client.parsers) as typeof client.parsers,
          options.parsers,
        );
        return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
      }),
    );
  };

  // PGlite's own queries (a transaction's) send each parameter through its type's serializer, else as text:
  // a vector (binary, vector-param.ts) must go as it is, as the kept statements send it. The type exists
  // once the migrations have made the extension; looked up until then.
  let hasVectorSerializer = false;
  const transaction: PGlite['transaction'] = async (callback) => {
    if (!hasVectorSerializer) {
      const { rows } = await client.query<{ oid: number }>(
        `select oid::integer as oid from pg_type where typname = 'vector'`,
      );
      const oid = rows[0]?.oid;
      if (oid !== undefined) {
        client.serializers[oid] = (value: unknown) =>
          (value instanceof Uint8Array ? value : String(value)) as string;
        hasVectorSerializer = true;
      }
    }
    return client.transaction(callback);
  };

  return {
    query,
    transaction,
    exec: client.exec.bind(client),
    sql: client.sql.bind(client),
    waitReady: client.waitReady,
  } as unknown as PGlite;
}
