// SQL for the daily message allowance: one row per person and UTC day, changed by single atomic statements.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../client.ts';
import type { TSqlParam } from '../prepared-sql.ts';
import { dailyUsage } from '../schema.ts';

export type TReserveDailyMessage = {
  userId: TSqlParam<number>;
  day: TSqlParam<string>;
  limit: TSqlParam<number> | null;
  /** A condition (e.g. on an earlier CTE of a larger statement): without it, no slot is taken. */
  onlyIf?: SQL;
};

/**
 * The statement that takes one message slot for `day`. With a limit, the row is only incremented while
 * it is below the limit: the insert-or-update is one statement, so concurrent sends cannot both take the
 * last slot (Postgres locks the conflicting row and re-checks the WHERE on its latest version).
 * It returns the day's count including this message, or no row when the limit is already reached.
 * Exported so a larger statement can use it (chat-target's reserveAndStoreUserMessage).
 */
export function reserveDailyMessageSql(opts: TReserveDailyMessage): SQL {
  const limitCheck = opts.limit === null ? sql`` : sql` where ${dailyUsage.count} < ${opts.limit}`;
  const values = opts.onlyIf
    ? sql`select ${opts.userId}::int, ${opts.day}::date, 1 where ${opts.onlyIf}`
    : sql`values (${opts.userId}, ${opts.day}, 1)`;
  return sql`insert into ${dailyUsage} (user_id, day, count) ${values}
    on conflict (user_id, day) do update set count = ${dailyUsage.count} + 1${limitCheck}
    returning count`;
}

/** Takes one slot; the day's count including it, or null when the limit is reached. */
export async function reserveDailyMessage(db: TDb, opts: TReserveDailyMessage): Promise<number | null> {
  const row = rowsOf<{ count: number }>(await db.execute(reserveDailyMessageSql(opts)))[0];
  return row ? Number(row.count) : null;
}

/** Gives a slot back (the reply produced nothing). Never goes below zero. */
export async function releaseDailyMessage(db: TDb, opts: { userId: number; day: string }): Promise<void> {
  await db
    .update(dailyUsage)
    .set({ count: sql`${dailyUsage.count} - 1` })
    .where(
      and(eq(dailyUsage.userId, opts.userId), eq(dailyUsage.day, opts.day), sql`${dailyUsage.count} > 0`),
    );
}

export async function dailyMessageCount(db: TDb, opts: { userId: number; day: string }): Promise<number> {
  const [row] = await db
    .select({ count: dailyUsage.count })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, opts.userId), eq(dailyUsage.day, opts.day)));
  return row?.count ?? 0;
}
