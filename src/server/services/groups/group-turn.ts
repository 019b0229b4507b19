// One character's turn in a group chat: the one named ('Speak', or a planned speaker) or, in auto-mode,
// the next one. It takes a slot of the daily limit like any reply and streams through the one streaming
// step, stored with its speaker.
import type { TModelKind } from '../../ai/select-models.ts';
import { appendMessage } from '../../db/queries/chat-logs.ts';
import { groupHistory } from '../../db/queries/groups.ts';
import { AppError } from '../../lib/errors.ts';
import { reserveDailySlot } from '../chat/daily-limit.ts';
import {
  chooseModel,
  dailyPlanOf,
  type TPreparedReply,
  type TReplyDeps,
  type TReplySwitches,
  type TReplyUser,
} from '../chat/prepare-reply.ts';
import { startStreaming, type TReplyRun } from '../chat/stream-reply.ts';
import { findOwnGroup, speakerContext } from './group-context.ts';
import { nextSpeaker } from './plan-speakers.ts';

export type TGroupTurnInput = TReplySwitches & {
  user: TReplyUser;
  uuid: string;
  /** The member who answers; absent: the next one (auto-mode). */
  characterId?: number;
  kind: TModelKind;
  random?: () => number;
};

/** Refusals (404 not theirs or not a member, 409 nobody may speak, 503 no model, 429 limit) come first. */
export async function startGroupTurn(deps: TReplyDeps, input: TGroupTurnInput): Promise<TReplyRun> {
  const { db } = deps;
  const { user, uuid } = input;
  let speakerId = input.characterId;
  if (speakerId === undefined) {
    const { members } = await findOwnGroup(db, user.id, uuid);
    const last = (await groupHistory(db, { userId: user.id, uuid, limit: 1 }))[0];
    const next = nextSpeaker({
      members,
      message: last?.content ?? '',
      lastSpeakerId: last?.speakerId ?? null,
      random: input.random ?? Math.random,
    });
    if (next === null) throw new AppError('conflict', 'Every character in this group is muted.');
    speakerId = next;
  }
  const ctx = await speakerContext(db, { userId: user.id, uuid, speakerId });
  const model = await chooseModel(deps, user, input.kind);
  const slot = await reserveDailySlot(db, dailyPlanOf(deps, user));
  const speaker = speakerId;
  const prepared: TPreparedReply = {
    user,
    model,
    characterId: speaker,
    character: ctx.character,
    uuid,
    slot,
    message: ctx.rows.findLast((r) => r.role === 'user')?.content ?? '',
    messagePosition: null,
    history: ctx.history,
    group: ctx.group,
    replacesReply: false,
    isFirstAnswer: ctx.rows.at(-1)?.role === 'user',
    store: (message) =>
      appendMessage(db, {
        userId: user.id,
        uuid,
        message: {
          ...message,
          content: withoutOwnName(message.content, ctx.character.name),
          speakerId: speaker,
        },
      }),
  };
  // With no message of the person's yet there is nothing to recall or remember.
  return startStreaming(deps, prepared, {
    ...input,
    memoryEnabled: input.memoryEnabled && prepared.message !== '',
  });
}

/** Models often start a group reply with their own "Name:" as the history shows the others': drop it. */
export function withoutOwnName(reply: string, name: string): string {
  const prefix = new RegExp(`^\\s*\\**${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\**\\s*:\\s*`, 'i');
  const stripped = reply.replace(prefix, '');
  return stripped.trim() === '' ? reply : stripped;
}
