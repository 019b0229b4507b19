// The one-time notice that characters are AI: whether the person has seen it, and marking it seen.
import type { TDb } from '../../db/client.ts';
import { aiNoticeSeenAt, markAiNoticeSeen } from '../../db/queries/safety.ts';

export type TAiNotice = { hasSeen: boolean; seenAt: string | null };

export async function readAiNotice(db: TDb, userId: number): Promise<TAiNotice> {
  const at = await aiNoticeSeenAt(db, userId);
  return { hasSeen: at !== null, seenAt: at?.toISOString() ?? null };
}

export async function markAiNoticeRead(db: TDb, userId: number): Promise<TAiNotice> {
  const at = await markAiNoticeSeen(db, userId);
  return { hasSeen: true, seenAt: at.toISOString() };
}
