// The preparation every reply shares (send, retry, regenerate, continue): what it needs, and the checks
// that can refuse it (no model 503, unknown character or chat log 404, daily limit 429) before the stream.
import { MODEL_DID_NOT_ANSWER, NO_MODEL_YET } from '../../../shared/models.ts';
import { ModelUnavailableError, NoChatModelError, type TChatModel } from '../../ai/chat-model.ts';
import type { TGroupContext } from '../../ai/group-prompt.ts';
import type { TModelSet } from '../../ai/model-set.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { planOf, type TPlanTable } from '../../billing/plans.ts';
import type { TDb } from '../../db/client.ts';
import type { TNewMessage } from '../../db/queries/chat-logs.ts';
import { findChatTarget, type TChatTarget } from '../../db/queries/chat-target.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TScanBook } from '../../lorebooks/scan.ts';
import type { TMemoryService } from '../memories/memory-service.ts';
import type { TSafety } from '../safety/crisis-care.ts';
import type { TDailyPlan, TDailySlot } from './daily-limit.ts';

export type TReplyDeps = {
  db: TDb;
  models: TModelSet;
  plans: TPlanTable;
  log?: TLogger;
  memory?: TMemoryService;
  /** Crisis care and the reply check (absent in tests about something else). */
  safety?: TSafety;
};

export type TReplyUser = { id: number; name: string | null; username: string; isSubscribed: boolean };

/** The person's switches and the stop signal, the same for every kind of reply. */
export type TReplySwitches = {
  memoryEnabled: boolean;
  chainOfThoughtEnabled: boolean;
  /** Aborting stops the model; what arrived is kept. */
  signal?: AbortSignal;
};

/** The chat's messages for the prompt; in a group chat each reply carries its speaker's name. */
export type THistory = { role: 'user' | 'assistant'; content: string; speaker?: string | null }[];

/** A reply that passed every check: its slot is taken, and the streaming step can only fail softly. */
export type TPreparedReply = {
  user: TReplyUser;
  model: TChatModel;
  characterId: number;
  character: TChatTarget;
  /** The chat log the reply is stored in. */
  uuid: string;
  slot: TDailySlot;
  /** The person's message being answered (memory recall, the response's `message`). */
  message: string;
  /** Where that message is stored (null for regenerate and continue: they store no new message). */
  messagePosition: number | null;
  /** The chat's last non-empty messages, oldest first, ending with what the model answers or goes on from. */
  history: THistory;
  /** The history holds every non-empty message of the chat (a short chat): lore reads no deeper. */
  isWholeChat?: boolean;
  /** The books that apply, when they were read with the send (lore reads them otherwise). */
  loreBooks?: TScanBook[];
  /** Ask the character to go on from the history's last reply (continue). */
  continueLast?: boolean;
  /** The reply takes the place of an earlier one (regenerate, continue): its lore is replaced, never kept. */
  replacesReply: boolean;
  /**
   * The first answer to the person's message (counted once in the crisis referrals): by default every
   * reply that replaces none; a group turn after another character's is not.
   */
  isFirstAnswer?: boolean;
  /** A group chat: the other members (the history is attributed by name). */
  group?: TGroupContext;
  /** Stores the finished reply; where it is stored (null: the chat went away meanwhile). */
  store(reply: TNewMessage): Promise<number | null>;
};

/**
 * The plan's model of this kind. @throws AppError model_unavailable (503) when none is set up, and
 * model_not_answering (503) when one is set up but did not answer: people are told what is true, and
 * the operator's advice stays in the log (the chat shows it to the owner alone).
 */
export async function chooseModel(deps: TReplyDeps, user: TReplyUser, kind: TModelKind): Promise<TChatModel> {
  try {
    return await deps.models.forPlan(kind, planOf(user));
  } catch (error) {
    throw modelRefusal(deps, error);
  }
}

/** The reply's answer when no model can answer (see chooseModel); any other error as it is. */
export function modelRefusal(deps: Pick<TReplyDeps, 'log'>, error: unknown): unknown {
  if (!(error instanceof ModelUnavailableError)) return error;
  deps.log?.warn({ reason: error.message }, 'no chat model answered');
  return error instanceof NoChatModelError
    ? new AppError('model_unavailable', NO_MODEL_YET)
    : new AppError('model_not_answering', MODEL_DID_NOT_ANSWER);
}

export const dailyPlanOf = (deps: TReplyDeps, user: TReplyUser): TDailyPlan => ({
  userId: user.id,
  limit: deps.plans[planOf(user)].dailyMessages,
});

/** The character may be talked to in the named chat log (404 unknown, 400 a log of another character). */
export function checkTarget(
  target: TChatTarget | null | undefined,
  hist: string | null,
  characterId: number,
) {
  if (!target) throw notFound('Character');
  if (hist !== null && target.logCharacterId === null) throw notFound('Chat log');
  if (hist !== null && target.logCharacterId !== characterId) {
    throw new AppError('bad_request', 'This chat log belongs to another character');
  }
  return target;
}

/** The character and the named chat log, checked (see checkTarget). */
export async function findTarget(
  db: TDb,
  opts: { userId: number; characterId: number; uuid: string | null },
): Promise<TChatTarget> {
  return checkTarget(await findChatTarget(db, opts), opts.uuid, opts.characterId);
}
