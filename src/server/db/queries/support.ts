// SQL for 'Contact support' messages and the operator's inbox (priority first, newest first).
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { supportMessages, users } from '../schema.ts';

export async function insertSupportMessage(
  db: TDb,
  message: { userId: number; message: string; isPriority: boolean },
) {
  const [row] = await db.insert(supportMessages).values(message).returning();
  return row!;
}

export async function supportInbox(db: TDb, opts: { limit: number }) {
  return db
    .select({
      id: supportMessages.id,
      message: supportMessages.message,
      isPriority: supportMessages.isPriority,
      createdAt: supportMessages.createdAt,
      userId: users.id,
      email: users.email,
      username: users.username,
    })
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .orderBy(desc(supportMessages.isPriority), desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(opts.limit);
}

export async function supportMessagesSince(db: TDb, opts: { userId: number; since: Date }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, opts.userId), gt(supportMessages.createdAt, opts.since)));
  return Number(row?.n ?? 0);
}
