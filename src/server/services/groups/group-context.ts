// What a group speaker's reply is built from: the group (the person's, with the speaker a member they may
// chat with), the speaker's definition, the others, and the shared history attributed by name.

import { CHAT_CONTEXT_MESSAGES } from '../../../shared/chat-limits.ts';
import type { TGroupContext } from '../../ai/group-prompt.ts';
import type { TDb } from '../../db/client.ts';
import { findChatTarget, type TChatTarget } from '../../db/queries/chat-target.ts';
import { findGroup, groupHistory, type TGroupHistoryRow, type TMemberRow } from '../../db/queries/groups.ts';
import type { TChatLogRow } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { THistory } from '../chat/prepare-reply.ts';

/** The person's group chat and its members; 404 when it is not theirs or not a group. */
export async function findOwnGroup(db: TDb, userId: number, uuid: string) {
  const found = await findGroup(db, userId, uuid);
  if (!found?.log.isGroup) throw notFound('Group chat');
  return found;
}

export const toHistory = (rows: TGroupHistoryRow[]): THistory =>
  rows.map((r) => ({ role: r.role, content: r.content, speaker: r.speakerName }));

export type TSpeakerContext = {
  log: TChatLogRow;
  members: TMemberRow[];
  character: TChatTarget;
  history: THistory;
  rows: TGroupHistoryRow[];
  group: TGroupContext;
};

/** 404 when the group is not the person's, the character is not in it, or is not one they may chat with. */
export async function speakerContext(
  db: TDb,
  opts: { userId: number; uuid: string; speakerId: number; before?: number },
): Promise<TSpeakerContext> {
  const { log, members } = await findOwnGroup(db, opts.userId, opts.uuid);
  if (!members.some((m) => m.characterId === opts.speakerId)) throw notFound('Group member');
  const character = await findChatTarget(db, {
    userId: opts.userId,
    characterId: opts.speakerId,
    uuid: null,
  });
  if (!character) throw notFound('Character');
  const rows = await groupHistory(db, { ...opts, limit: CHAT_CONTEXT_MESSAGES });
  return {
    log,
    members,
    character,
    history: toHistory(rows),
    rows,
    group: {
      others: members
        .filter((m) => m.characterId !== opts.speakerId)
        .map((m) => ({ name: m.name, tagline: m.tagline })),
    },
  };
}
