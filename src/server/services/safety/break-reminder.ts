// Minors' break reminders: every three hours of continuous chatting (no pause of 30 minutes or more), the
// next reply comes with a reminder that the character is an AI and to take a break.
import type { TDb } from '../../db/client.ts';
import { findChatRun, saveChatRun, type TChatRun } from '../../db/queries/safety.ts';

export type { TChatRun };

export const BREAK_EVERY_MS = 3 * 3600_000;
/** A pause this long ends a run of chatting. */
export const RUN_PAUSE_MS = 30 * 60_000;

export const BREAK_REMINDER_TEXT = (characterName: string) =>
  `You have been chatting for a while. Remember that ${characterName} is an AI, not a real person. This is a good moment to take a break: stretch, drink some water, or talk with someone you know.`;

/** The run after a message at `now`, and whether a reminder is due with it (pure, so a fake clock tests it). */
export function nextRun(run: TChatRun, now: Date): { run: TChatRun; isReminderDue: boolean } {
  const isNewRun = !run.startedAt || !run.lastAt || now.getTime() - run.lastAt.getTime() >= RUN_PAUSE_MS;
  const startedAt = isNewRun ? now : (run.startedAt as Date);
  const remindedAt = isNewRun ? null : run.remindedAt;
  const since = Math.max(startedAt.getTime(), remindedAt?.getTime() ?? 0);
  const isReminderDue = now.getTime() - since >= BREAK_EVERY_MS;
  return {
    run: { startedAt, lastAt: now, remindedAt: isReminderDue ? now : remindedAt },
    isReminderDue,
  };
}

/** Records a message in the person's run of chatting; true when a break reminder is due now. */
export async function noteChatting(db: TDb, userId: number, now: Date): Promise<boolean> {
  const run = await findChatRun(db, userId);
  if (!run) return false;
  const next = nextRun(run, now);
  await saveChatRun(db, userId, next.run);
  return next.isReminderDue;
}
