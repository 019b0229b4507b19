// A push when a reply finishes while no Kindred tab of the person's is visible (their choice, off unless
// chosen): signed-in tabs say when they are visible, and a finished reply with none visible queues
// '<character name> replied' with its first words for each of the person's devices.
import { randomUUID } from 'node:crypto';
import { TAB_VISIBLE_REPORT_SECONDS, type TPushPayload, type TTabVisibility } from '../../../shared/push.ts';
import type { TDb } from '../../db/client.ts';
import {
  characterForPush,
  isReplyPushOn,
  queuePushForPerson,
  recordTabReport,
  saveReplyPush,
  visibleTabsOf,
} from '../../db/queries/push.ts';
import { AppError } from '../../lib/errors.ts';
import { firstWords } from './queue-check-in-push.ts';

/** More tabs than anyone opens in ten minutes: a client making up tab ids is refused past this. */
export const REMEMBERED_TABS_MAX = 200;
/** A missed report or two is not a vanished tab; a tab gone without a word stops counting after this. */
const VISIBLE_FOR_SECONDS = TAB_VISIBLE_REPORT_SECONDS * 2 + 30;

export async function changeReplyPush(
  db: TDb,
  userId: number,
  isOn: boolean,
): Promise<{ isReplyPushOn: boolean }> {
  await saveReplyPush(db, userId, isOn);
  return { isReplyPushOn: isOn };
}

export async function reportTabVisibility(db: TDb, userId: number, report: TTabVisibility): Promise<void> {
  const tabs = await visibleTabsOf(db, userId, report.tabId);
  if (!tabs.isKnown && tabs.remembered >= REMEMBERED_TABS_MAX) {
    throw new AppError('conflict', `At most ${REMEMBERED_TABS_MAX} tabs are followed at once`);
  }
  await recordTabReport(db, {
    userId,
    tabId: report.tabId,
    seq: report.seq,
    forSeconds: report.isVisible ? VISIBLE_FOR_SECONDS : 0,
  });
}

/** Queues the push for a finished reply when the person wants it and no tab of theirs is visible. */
export async function queueReplyPush(
  db: TDb,
  opts: {
    userId: number;
    characterId: number;
    chatUuid: string;
    isGroup: boolean;
    text: string;
    /** The person's choice when the caller already read it (with the chat target). */
    isOn?: boolean;
  },
): Promise<number> {
  if (!(opts.isOn ?? (await isReplyPushOn(db, opts.userId)))) return 0;
  if ((await visibleTabsOf(db, opts.userId)).visible > 0) return 0;
  const character = await characterForPush(db, opts.characterId);
  if (!character) return 0;
  const payload: TPushPayload = {
    title: `${character.name} replied`,
    body: firstWords(opts.text),
    icon: character.avatarUrl,
    url: opts.isGroup ? `/group/${opts.chatUuid}` : `/chat/${opts.characterId}?hist=${opts.chatUuid}`,
    tag: `chat-${opts.chatUuid}`,
  };
  // Every finished reply is its own push (sent once by the web-push job).
  return queuePushForPerson(db, { userId: opts.userId, dedupeKey: `reply:${randomUUID()}`, payload });
}
