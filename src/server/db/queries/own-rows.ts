// The person's own row by id: the condition the query modules that read, change or delete one share.
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from '../client.ts';

/** Row `id` of the table, when it is the person's own (its user_id is theirs). */
export const ownRow = (table: { id: AnyPgColumn; userId: AnyPgColumn }, userId: number, id: number) =>
  and(eq(table.id, id), eq(table.userId, userId));

/** Deletes the person's own row `id`; false when there was none (not theirs, or already gone). */
export async function deleteOwnRow(
  db: TDb,
  table: PgTable & { id: AnyPgColumn; userId: AnyPgColumn },
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(ownRow(table, userId, id))
    .returning({ id: table.id });
  return rows.length > 0;
}
