// A Postgres database for one spec's own server, for what the screen cannot show (documenso's pattern: act
// in the page, then assert on the rows). The main e2e server runs on the embedded PGlite, which only its own
// process can open.
import { count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { characters, chatLogs, memories, sessions, users } from '../../src/server/db/schema.ts';

/** Where a spec makes its run database: a Postgres server's maintenance database. */
export const E2E_POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Makes a fresh database for one run; null when no Postgres answers. */
export async function createRunDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: E2E_POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `kindred_e2e_${Date.now()}_${process.pid}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(E2E_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: E2E_POSTGRES_URL });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** A run database's rows, for what the screen cannot show. */
export function runDatabaseRows(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // A connection ended by the database's drop at the end is no failure of the spec.
  pool.on('error', () => {});
  const db = drizzle(pool);
  return {
    close: () => pool.end(),
    /** The person's user id by email; null when no account has it. */
    async userIdOf(email: string): Promise<number | null> {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return user?.id ?? null;
    },
    /** How many rows of each kind the database keeps for one person: sessions, chats, own characters, memories. */
    async rowsOfPerson(userId: number) {
      const countOf = async (
        table: typeof sessions | typeof chatLogs | typeof characters | typeof memories,
      ) => {
        const [row] = await db.select({ n: count() }).from(table).where(eq(table.userId, userId));
        return row?.n ?? 0;
      };
      return {
        sessions: await countOf(sessions),
        chatLogs: await countOf(chatLogs),
        characters: await countOf(characters),
        memories: await countOf(memories),
      };
    },
  };
}
