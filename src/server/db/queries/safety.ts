// SQL for companion safety on the person: the one-time AI notice.
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { users } from '../schema.ts';

/** Records the notice as seen (the first time only: a later call keeps the first time). */
export async function markAiNoticeSeen(db: TDb, userId: number): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ aiNoticeSeenAt: sql`coalesce(${users.aiNoticeSeenAt}, now())` })
    .where(eq(users.id, userId))
    .returning({ at: users.aiNoticeSeenAt });
  return row!.at!;
}

export async function aiNoticeSeenAt(db: TDb, userId: number): Promise<Date | null> {
  const [row] = await db.select({ at: users.aiNoticeSeenAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}
