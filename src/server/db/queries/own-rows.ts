// The person's own row by id: the condition every query module that reads, changes or deletes one spells.
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Row `id` of the table, when it is the person's own (its user_id is theirs). */
export const ownRow = (table: { id: AnyPgColumn; userId: AnyPgColumn }, userId: number, id: number) =>
  and(eq(table.id, id), eq(table.userId, userId));
