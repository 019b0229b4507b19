// SQL for reports and moderation: reports, the reply or character they name, and the owner's actions.
import { and, asc, between, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../client.ts';
import { characters, chatLogs, chatMessages, reports, sessions, users } from '../schema.ts';
import { endIdpSessionsOfUser } from './idp.ts';

/** A reply in one of the person's own chats (its text and character), or undefined. */
export async function findOwnReply(db: TDb, userId: number, uuid: string, position: number) {
  const [row] = await db
    .select({ content: chatMessages.content, characterId: chatLogs.characterId })
    .from(chatMessages)
    .innerJoin(chatLogs, eq(chatLogs.uuid, chatMessages.chatLogUuid))
    .where(
      and(
        eq(chatMessages.chatLogUuid, uuid),
        eq(chatMessages.position, position),
        eq(chatMessages.role, 'assistant'),
        eq(chatLogs.userId, userId),
      ),
    );
  return row;
}

/** A character the person can see (built-in and not hidden, or their own), with its maker. */
export async function findReportableCharacter(db: TDb, userId: number, id: number) {
  const [row] = await db
    .select({ id: characters.id, userId: characters.userId })
    .from(characters)
    .where(
      and(
        eq(characters.id, id),
        or(and(isNull(characters.userId), isNull(characters.hiddenAt)), eq(characters.userId, userId)),
      ),
    );
  return row;
}

export async function insertReport(db: TDb, report: typeof reports.$inferInsert) {
  const [row] = await db.insert(reports).values(report).returning({ id: reports.id });
  return row!;
}

const reporter = alias(users, 'reporter');
const maker = alias(users, 'maker');

/** Every report, open ones first, newest first. */
export async function listReports(db: TDb, limit = 200) {
  return db
    .select({
      report: reports,
      reporter: { id: reporter.id, username: reporter.username, suspendedAt: reporter.suspendedAt },
      character: { id: characters.id, name: characters.name, hiddenAt: characters.hiddenAt },
      maker: { id: maker.id, username: maker.username, suspendedAt: maker.suspendedAt },
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(characters, eq(characters.id, reports.characterId))
    .leftJoin(maker, eq(maker.id, characters.userId))
    .orderBy(sql`${reports.status} = 'closed'`, desc(reports.createdAt))
    .limit(limit);
}

/** The messages around a position of a chat (two before, one after). */
export async function messagesAround(db: TDb, uuid: string, position: number) {
  return db
    .select({ position: chatMessages.position, role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(
      and(eq(chatMessages.chatLogUuid, uuid), between(chatMessages.position, position - 2, position + 1)),
    )
    .orderBy(asc(chatMessages.position));
}

export async function findReport(db: TDb, id: number) {
  const [row] = await db
    .select({ report: reports, makerId: characters.userId })
    .from(reports)
    .leftJoin(characters, eq(characters.id, reports.characterId))
    .where(eq(reports.id, id));
  return row;
}

export async function closeReport(db: TDb, id: number, action: string) {
  await db.update(reports).set({ status: 'closed', action, closedAt: new Date() }).where(eq(reports.id, id));
}

export async function hideCharacter(db: TDb, id: number) {
  await db.update(characters).set({ hiddenAt: new Date() }).where(eq(characters.id, id));
}

export const REMOVED_MESSAGE = '[This message was removed by a moderator.]';

/** The message's text goes (every version, thoughts, audio); its place in the chat stays. */
export async function removeMessage(db: TDb, uuid: string, position: number) {
  const [row] = await db
    .update(chatMessages)
    .set({ content: REMOVED_MESSAGE, alternatives: [], chosen: 0, internalThoughts: null, audioUrl: null })
    .where(and(eq(chatMessages.chatLogUuid, uuid), eq(chatMessages.position, position)))
    .returning({ position: chatMessages.position });
  return Boolean(row);
}

/** Suspends the person and ends every session of theirs (Kindred's and the bundled provider's). */
export async function suspendUser(db: TDb, userId: number, reason: string) {
  await db
    .update(users)
    .set({ suspendedAt: new Date(), suspendedReason: reason })
    .where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await endIdpSessionsOfUser(db, userId);
}

export async function findSuspension(db: TDb, userId: number) {
  const [row] = await db
    .select({ at: users.suspendedAt, reason: users.suspendedReason })
    .from(users)
    .where(eq(users.id, userId));
  return row?.at ? { at: row.at, reason: row.reason ?? '' } : null;
}
