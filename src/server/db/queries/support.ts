// SQL for 'Contact support' messages and the operator's inbox (priority first, newest first).
import { desc, eq } from 'drizzle-orm';
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
