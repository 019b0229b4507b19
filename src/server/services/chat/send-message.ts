// Sending a message (or retrying one whose reply failed): store it and take today's slot, then stream
// the character's reply through the one streaming step.
import { CHAT_CONTEXT_MESSAGES } from '../../../shared/chat-limits.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { appendMessage, lastMessage, recentNonEmptyMessages } from '../../db/queries/chat-logs.ts';
import { reserveAndStoreUserMessage } from '../../db/queries/chat-target.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { reserveDailySlot, type TDailyPlan, type TDailySlot, toDailySlot, utcDay } from './daily-limit.ts';
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
import { startStreaming, type TReplyEvent, type TReplyRun } from './stream-reply.ts';

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
 * What can refuse the send before anything is stored does so with a plain HTTP status: unknown character
 * or chat log (404), daily limit (429). Then the person's message is stored and the reply streams from
 * `events`. With no model to answer, the message is stored all the same (a reload shows it, with its
 * Retry) and the run is refused: its start, then a 503 error (model_unavailable, model_not_answering).
 */
export async function startReply(deps: TReplyDeps, input: TSendMessageInput): Promise<TReplyRun> {
  const model = await chooseModel(deps, input.user, input.kind).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 503) return error;
    throw error;
  });
  const stored = await storeUserMessage(deps, dailyPlanOf(deps, input.user), input);
  if (model instanceof AppError) return refusedRun(stored, input.characterId, model);
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

/** No model answers: the stored message stays, today's slot goes back, and the run says why. */
async function refusedRun(
  stored: { uuid: string; messagePosition: number; slot: TDailySlot },
  characterId: number,
  refusal: AppError,
): Promise<TReplyRun> {
  await stored.slot.release();
  const remaining = stored.slot.remaining === null ? null : stored.slot.remaining + 1;
  const error = { code: refusal.code, message: refusal.message, hist: stored.uuid, remaining };
  return {
    start: { hist: stored.uuid, uuid: stored.uuid, remaining, messagePosition: stored.messagePosition },
    characterId,
    events: (async function* (): AsyncGenerator<TReplyEvent> {
      yield { type: 'error', status: 503, error };
    })(),
  };
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
        limit: CHAT_CONTEXT_MESSAGES,
      });
      const isWholeChat = history.length < CHAT_CONTEXT_MESSAGES;
      return { character, uuid: hist, messagePosition: last.position, slot, history, isWholeChat };
    }
  }
  const now = new Date();
  const day = utcDay(now);
  const result = await reserveAndStoreUserMessage(db, {
    ...key,
    day,
    limit: plan.limit,
    content: input.userInput,
    contextLimit: CHAT_CONTEXT_MESSAGES,
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
    // Fewer than asked for: the context is every earlier non-empty message of the chat.
    isWholeChat: result.context.length < CHAT_CONTEXT_MESSAGES - 1,
    loreBooks: result.loreBooks,
  };
}
