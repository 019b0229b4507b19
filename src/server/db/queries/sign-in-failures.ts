// SQL for failed sign-ins: per account and source (address or known device), with the time the next try may come.
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { signInFailures } from '../schema.ts';

/** Until when this account and source must wait, or null when they may try now. */
export async function signInBlockedUntil(
  db: TDb,
  key: { accountId: string; source: string },
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ blockedUntil: signInFailures.blockedUntil })
    .from(signInFailures)
    .where(and(eq(signInFailures.accountId, key.accountId), eq(signInFailures.source, key.source)));
  return row && row.blockedUntil > now ? row.blockedUntil : null;
}

/**
 * Counts one wrong password (failures older than `forgetBefore` are forgotten first) and stores until
 * when the pair must wait: `waitSeconds(failures)` after now. Returns the new count.
 */
export async function recordSignInFailure(
  db: TDb,
  key: { accountId: string; source: string },
  opts: { now: Date; forgetBefore: Date; freeFailures: number; baseSeconds: number; maxSeconds: number },
): Promise<number> {
  const failures = sql`case when ${signInFailures.lastFailedAt} < ${opts.forgetBefore.toISOString()}::timestamptz
    then 1 else ${signInFailures.failures} + 1 end`;
  // The wait doubles with every failure past the free ones: base, 2 x base, 4 x base, ... up to max.
  const wait = (
    count: typeof failures | number,
  ) => sql`case when (${count})::int < ${opts.freeFailures}::int then 0::float8
    else least(${opts.maxSeconds}::float8, ${opts.baseSeconds}::float8 * power(2::float8, ((${count})::int - ${opts.freeFailures}::int)::float8)) end`;
  const [row] = await db
    .insert(signInFailures)
    .values({
      ...key,
      failures: 1,
      lastFailedAt: opts.now,
      blockedUntil: sql`${opts.now.toISOString()}::timestamptz + make_interval(secs => ${wait(1)})`,
    })
    .onConflictDoUpdate({
      target: [signInFailures.accountId, signInFailures.source],
      set: {
        failures,
        lastFailedAt: opts.now,
        blockedUntil: sql`${opts.now.toISOString()}::timestamptz + make_interval(secs => ${wait(failures)})`,
      },
    })
    .returning({ failures: signInFailures.failures });
  return row!.failures;
}

/** A correct password from this source: its count starts again. */
export async function clearSignInFailures(db: TDb, key: { accountId: string; source: string }) {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.accountId, key.accountId), eq(signInFailures.source, key.source)));
}
