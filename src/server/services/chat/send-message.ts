// Sending a message (or retrying one whose reply failed): store it and take today's slot, then stream
// the character's reply through the one streaming step.
import { CONTEXT_MESSAGES } from '../../ai/prompt.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { appendMessage, lastMessage, recentNonEmptyMessages } from '../../db/queries/chat-logs.ts';
import { reserveAndStoreUserMessage } from '../../db/queries/chat-target.ts';
import { notFound } from '../../lib/errors.ts';
import { reserveDailySlot, type TDailyPlan, toDailySlot, utcDay } from './daily-limit.ts';
import {
  checkTarget,
  chooseModel,
  dailyPlanOf,
  findTarget,
  type TPreparedReply,
  type TReplyDeps,
  type TReplySwitches,
  type TReplyUser,
} from './prepare-reply.ts';
import { startStreaming, type TReplyRun } from './stream-reply.ts';

export type TSendMessageInput = TReplySwitches & {
  user: TReplyUser;
  /** Which path was called: /assistant-reply-original (local) or /assistant-reply-openai (remote). */
  kind: TModelKind;
  characterId: number;
  userInput: string;
  hist?: string | null;
  retry?: boolean;
};

/**
 * Everything that can refuse the send happens before anything is stored, so the caller can answer with
 * a plain HTTP status: no model (503), unknown character or chat log (404), daily limit (429). Then the
 * person's message is stored and the reply streams from `events`.
 */
export async function startReply(deps: TReplyDeps, input: TSendMessageInput): Promise<TReplyRun> {
  const model = await chooseModel(deps, input.user, input.kind);
  const stored = await storeUserMessage(deps, dailyPlanOf(deps, input.user), input);
  const prepared: TPreparedReply = {
    ...stored,
    user: input.user,
    model,
    characterId: input.characterId,
    message: input.userInput,
    replacesReply: false,
    store: (message) => appendMessage(deps.db, { userId: input.user.id, uuid: stored.uuid, message }),
  };
  return startStreaming(deps, prepared, input);
}

/**
 * Checks the character, reserves today's slot and stores the person's message: one statement (the
 * character, the reservation, the message and the chat's recent context together), or, for a retry of a
 * message already stored, the check and the reservation alone.
 */
async function storeUserMessage(deps: TReplyDeps, plan: TDailyPlan, input: TSendMessageInput) {
  const { db } = deps;
  const hist = input.hist ?? null;
  const key = { userId: plan.userId, characterId: input.characterId, uuid: hist };
  if (hist !== null && input.retry) {
    const character = await findTarget(db, key);
    // A retry answers the message stored by the failed attempt instead of storing it twice.
    const last = await lastMessage(db, plan.userId, hist);
    if (last?.role === 'user' && last.content === input.userInput) {
      const slot = await reserveDailySlot(db, plan);
      const history = await recentNonEmptyMessages(db, {
        userId: plan.userId,
        uuid: hist,
        limit: CONTEXT_MESSAGES,
      });
      return { character, uuid: hist, messagePosition: last.position, slot, history };
    }
  }
  const now = new Date();
  const day = utcDay(now);
  const result = await reserveAndStoreUserMessage(db, {
    ...key,
    day,
    limit: plan.limit,
    content: input.userInput,
    contextLimit: CONTEXT_MESSAGES,
  });
  const character = checkTarget(result.target, hist, input.characterId);
  const slot = toDailySlot(db, plan, day, result.count, now);
  if (result.uuid === null || result.position === null) {
    // The chat log went away between the check and the insert: nothing was stored.
    await slot.release();
    throw notFound('Chat log');
  }
  const message = { role: 'user' as const, content: input.userInput };
  return {
    character,
    uuid: result.uuid,
    messagePosition: result.position,
    slot,
    history: [...result.context, message],
  };
}
