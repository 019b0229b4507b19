// SQL for companion safety: the one-time AI notice, what crisis care needs to know of a person, the
// crisis-line country they chose, and the monthly counts (no text, no people).
import { asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { safetyCounts, users } from '../schema.ts';

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

/** Country, time zone and date of birth (YYYY-MM-DD): which crisis lines, and whether the person is a minor. */
export type TSafetyFacts = { country: string | null; timeZone: string | null; birthDate: string | null };

/** A person's TSafetyFacts (a reply reads them with its chat target instead). */
export async function findSafetyFacts(db: TDb, userId: number): Promise<TSafetyFacts> {
  const [row] = await db
    .select({ country: users.country, timeZone: users.timeZone, birthDate: users.birthDate })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { country: null, timeZone: null, birthDate: null };
}

export async function setCrisisCountry(db: TDb, userId: number, country: string | null) {
  await db.update(users).set({ country }).where(eq(users.id, userId));
}

export type TSafetyCountKind = 'crisis_referral' | 'unsafe_reply';

/** Adds one to this UTC month's count of the kind. */
export async function bumpSafetyCount(db: TDb, kind: TSafetyCountKind, now = new Date()) {
  const month = `${now.toISOString().slice(0, 7)}-01`;
  await db
    .insert(safetyCounts)
    .values({ month, kind, count: 1 })
    .onConflictDoUpdate({
      target: [safetyCounts.month, safetyCounts.kind],
      set: { count: sql`${safetyCounts.count} + 1` },
    });
}

export async function listSafetyCounts(db: TDb) {
  return db
    .select({ month: safetyCounts.month, kind: safetyCounts.kind, count: safetyCounts.count })
    .from(safetyCounts)
    .orderBy(asc(safetyCounts.month), asc(safetyCounts.kind));
}

/** A person's current run of chatting (minors' break reminders). */
export type TChatRun = { startedAt: Date | null; lastAt: Date | null; remindedAt: Date | null };

export async function findChatRun(db: TDb, userId: number): Promise<TChatRun | undefined> {
  const [row] = await db
    .select({
      startedAt: users.chatRunStartedAt,
      lastAt: users.lastChattedAt,
      remindedAt: users.breakRemindedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function saveChatRun(db: TDb, userId: number, run: TChatRun) {
  await db
    .update(users)
    .set({ chatRunStartedAt: run.startedAt, lastChattedAt: run.lastAt, breakRemindedAt: run.remindedAt })
    .where(eq(users.id, userId));
}
