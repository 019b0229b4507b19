// SQL for "Your data": everything of one person, for the export, and removing the person.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import {
  characters,
  chatLogs,
  chatMessages,
  dailyUsage,
  idpAccounts,
  idpPayloads,
  memories,
  signInFailures,
  subscriptions,
  supportMessages,
  users,
} from '../schema.ts';
import { isPlusSql } from './billing.ts';
import { takeUploadsOnlyOf } from './uploads.ts';
import { takeClipsOnlyOf } from './voice-clips.ts';

export async function exportProfile(db: TDb, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: users.username,
      image: users.image,
      // The plan as everywhere else: derived from the stored subscription.
      isSubscribed: isPlusSql(users.id),
      persona: users.userPersona,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? [row] : [];
}

export const exportChats = (db: TDb, userId: number) =>
  db.select().from(chatLogs).where(eq(chatLogs.userId, userId)).orderBy(asc(chatLogs.createdAt));

export const exportMessages = (db: TDb, userId: number) =>
  db
    .select({
      chatLogUuid: chatMessages.chatLogUuid,
      position: chatMessages.position,
      role: chatMessages.role,
      content: chatMessages.content,
      internalThoughts: chatMessages.internalThoughts,
      audioUrl: chatMessages.audioUrl,
      alternatives: chatMessages.alternatives,
      chosen: chatMessages.chosen,
      rating: chatMessages.rating,
      isGreeting: chatMessages.isGreeting,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMessages.chatLogUuid))
    .where(eq(chatLogs.userId, userId))
    .orderBy(asc(chatLogs.createdAt), asc(chatMessages.chatLogUuid), asc(chatMessages.position));

export const exportCharacters = (db: TDb, userId: number) =>
  db.select().from(characters).where(eq(characters.userId, userId)).orderBy(asc(characters.id));

export const exportMemories = (db: TDb, userId: number) =>
  db.select().from(memories).where(eq(memories.userId, userId)).orderBy(asc(memories.id));

export const exportDailyUsage = (db: TDb, userId: number) =>
  db.select().from(dailyUsage).where(eq(dailyUsage.userId, userId)).orderBy(asc(dailyUsage.day));

/**
 * Removes the person; their sessions, accounts, chats, characters, memories and uploads go by cascade.
 * Answers the URLs of the files only they had (uploads and speech nobody else has or refers to), whose
 * records go in the same transaction; the caller removes the files.
 */
export async function deleteUserEverywhere(db: TDb, user: { id: number; email: string }): Promise<string[]> {
  return db.transaction(async (tx) => {
    const files = [
      ...(await takeUploadsOnlyOf(tx as unknown as TDb, user.id)),
      ...(await takeClipsOnlyOf(tx as unknown as TDb, user.id)),
    ];
    const [idp] = await tx
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(eq(idpAccounts.email, user.email));
    if (idp) {
      // The bundled provider's sessions and grants of this account, then the account with its password.
      await tx.delete(idpPayloads).where(sql`${idpPayloads.payload}->>'accountId' = ${idp.id}`);
      await tx.delete(idpAccounts).where(eq(idpAccounts.id, idp.id));
      // Its wrong-password counts go too: nothing holds up a new account with the same email.
      await tx.delete(signInFailures).where(eq(signInFailures.accountId, idp.id));
    }
    await tx.delete(users).where(eq(users.id, user.id));
    return files;
  });
}

export async function countPeople(db: TDb) {
  const [row] = await db
    .select({
      total: count(),
      plus: sql<number>`count(*) filter (where ${isPlusSql(users.id)})`.mapWith(Number),
    })
    .from(users);
  return { total: row?.total ?? 0, plus: row?.plus ?? 0 };
}

export const exportSubscriptions = (db: TDb, userId: number) =>
  db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.id));

export const exportSupportMessages = (db: TDb, userId: number) =>
  db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(asc(supportMessages.id));
