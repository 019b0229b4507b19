// What regenerate and continue share: the latest message of the person's chat, checked, then the model,
// the character and today's slot; each adds how its reply is stored.

import { CHAT_CONTEXT_MESSAGES } from '../../../shared/chat-limits.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { contextBefore, findOwnMessage, type TFoundMessage } from '../../db/queries/message-controls.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { speakerContext } from '../groups/group-context.ts';
import { reserveDailySlot } from './daily-limit.ts';
import {
  chooseModel,
  dailyPlanOf,
  findTarget,
  type THistory,
  type TPreparedReply,
  type TReplyDeps,
  type TReplySwitches,
  type TReplyUser,
} from './prepare-reply.ts';

export type TReplyAgainInput = TReplySwitches & {
  user: TReplyUser;
  uuid: string;
  position: number;
  kind: TModelKind;
};

export type TReplyAgainAction = {
  /** 'regenerated' or 'continued', for the refusals. */
  verb: string;
  /** The history ends with the reply (continue goes on from it) or just before it (regenerate). */
  withReply: boolean;
  /** Why this reply cannot be answered again (null: it can); `answered` is the person's message before it. */
  refuse(message: TFoundMessage, answered: string | undefined): string | null;
};

/**
 * Checks the message (404 not the person's, 409 not the latest or refused), then the model, the
 * character and today's slot, like a send. The caller adds `store` (and `continueLast`).
 */
export async function prepareAgain(
  deps: TReplyDeps,
  input: TReplyAgainInput,
  action: TReplyAgainAction,
): Promise<Omit<TPreparedReply, 'store'> & { found: TFoundMessage }> {
  const { db } = deps;
  const { user } = input;
  const key = { userId: user.id, uuid: input.uuid, position: input.position };
  const found = await findOwnMessage(db, key);
  if (!found) throw notFound('Message');
  if (found.position !== found.messageCount - 1) {
    throw new AppError('conflict', `Only the latest reply can be ${action.verb}`);
  }
  const before = input.position + (action.withReply ? 1 : 0);
  // A group reply is answered again by its own speaker, from the group's history attributed by name.
  const speakerId = found.speakerId;
  const group =
    speakerId === null
      ? null
      : await speakerContext(db, { userId: user.id, uuid: input.uuid, speakerId, before });
  const history: THistory =
    group?.history ?? (await contextBefore(db, { ...key, before, limit: CHAT_CONTEXT_MESSAGES }));
  const answered = history.findLast((m) => m.role === 'user')?.content;
  const refusal = action.refuse(found, answered);
  if (refusal) throw new AppError('conflict', refusal);

  const model = await chooseModel(deps, user, input.kind);
  const characterId = speakerId ?? found.characterId;
  const character =
    group?.character ?? (await findTarget(db, { userId: user.id, characterId, uuid: input.uuid }));
  const slot = await reserveDailySlot(db, dailyPlanOf(deps, user));
  return {
    found,
    user,
    model,
    characterId,
    character,
    uuid: input.uuid,
    slot,
    message: answered ?? found.content,
    messagePosition: null,
    history,
    ...(group ? { group: group.group } : {}),
    replacesReply: true,
  };
}
