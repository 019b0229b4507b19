// Sending a message: store it, reserve today's slot, stream the character's reply, store the reply.
import type { TReplyError, TReplyResponse, TReplyStart } from '../../../shared/chat.ts';
import { ModelUnavailableError, type TChatModel } from '../../ai/chat-model.ts';
import type { TModelSet } from '../../ai/model-set.ts';
import { buildPrompt, CONTEXT_MESSAGES, DEFAULT_USER_NAME } from '../../ai/prompt.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import { planOf, type TPlanTable } from '../../billing/plans.ts';
import type { TDb } from '../../db/client.ts';
import {
  appendMessage,
  findChatTarget,
  lastMessage,
  recentNonEmptyMessages,
  reserveAndStoreUserMessage,
  type TChatTarget,
} from '../../db/queries/chat-logs.ts';
import { setReplyLore } from '../../db/queries/lorebooks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TLogger } from '../../lib/logger.ts';
import { loreForReply, NO_REPLY_LORE, type TReplyLoreResult } from '../lorebooks/lore-for-reply.ts';
import { memoryForReply, type TReplyMemory } from '../memories/memory-for-reply.ts';
import type { TMemoryService } from '../memories/memory-service.ts';
import {
  dailyReservation,
  reserveDailySlot,
  type TDailyPlan,
  type TDailySlot,
  toDailySlot,
} from './daily-limit.ts';
import type { TReplyMode } from './reply-mode.ts';

/** Upper bound of a reply's length in tokens (thoughts included). */
export const REPLY_MAX_TOKENS = 700;

export type TSendMessageDeps = {
  db: TDb;
  models: TModelSet;
  plans: TPlanTable;
  log?: TLogger;
  memory?: TMemoryService;
};

export type TSendMessageInput = {
  user: { id: number; name: string | null; username: string; isSubscribed: boolean };
  /** Which path was called: /assistant-reply-original (local) or /assistant-reply-openai (remote). */
  kind: TModelKind;
  characterId: number;
  userInput: string;
  hist?: string | null;
  retry?: boolean;
  memoryEnabled: boolean;
  chainOfThoughtEnabled: boolean;
  /** Aborting stops the model; what arrived is kept. */
  signal?: AbortSignal;
  /** Conversation controls: answer again (regenerate) or go on (continue) instead of a new message. */
  mode?: TReplyMode;
};

export type TReplyEvent =
  | { type: 'thoughts'; text: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; response: TReplyResponse }
  | { type: 'error'; status: 502 | 503; error: TReplyError };

export type TReplyRun = {
  start: TReplyStart;
  /** The character answering (voice speaks in its voice). */
  characterId: number;
  events: AsyncGenerator<TReplyEvent>;
};

/**
 * Everything that can refuse the send happens here, before anything is stored, so the caller can
 * answer with a plain HTTP status: no model (503), unknown character or chat log (404), daily limit
 * (429). Then the person's message is stored and the reply streams from `events`.
 */
export async function startReply(deps: TSendMessageDeps, input: TSendMessageInput): Promise<TReplyRun> {
  const { db } = deps;
  const userId = input.user.id;
  const hist = input.hist ?? null;

  let model: TChatModel;
  try {
    model = await deps.models.forPlan(input.kind, planOf(input.user));
  } catch (error) {
    if (error instanceof ModelUnavailableError) throw new AppError('model_unavailable', error.message);
    throw error;
  }

  const plan = { userId, limit: deps.plans[planOf(input.user)].dailyMessages };
  const { target, ...stored } = input.mode
    ? await prepareAgain(db, plan, input, hist, input.mode)
    : await storeUserMessage(db, plan, input, hist);

  // Never used when the character has memory disabled, whatever memoryEnabled the browser sent.
  const memory = await memoryForReply(deps.memory, {
    isOn: input.memoryEnabled && !target.memoryDisabled,
    userId,
    characterId: input.characterId,
    characterName: target.name,
    chatLogUuid: stored.uuid,
    message: input.userInput,
    history: stored.history,
  });

  // Lorebooks add to a reply; a failure to read them never costs the person their reply.
  const lore = await loreForReply(db, {
    userId,
    characterId: input.characterId,
    chatUuid: stored.uuid,
    history: stored.history,
  }).catch((err) => {
    deps.log?.warn({ err }, 'lorebooks not scanned');
    return NO_REPLY_LORE;
  });

  const start: TReplyStart = { hist: stored.uuid, uuid: stored.uuid, remaining: stored.slot.remaining };
  return {
    start,
    characterId: input.characterId,
    events: streamReply(deps, {
      input,
      model,
      character: target,
      memory,
      lore,
      hist: stored.uuid,
      history: stored.history,
      slot: stored.slot,
    }),
  };
}

/** The character may be talked to in the named chat log (404 unknown, 400 a log of another character). */
function checkTarget(target: TChatTarget | null | undefined, hist: string | null, characterId: number) {
  if (!target) throw notFound('Character');
  if (hist !== null && target.logCharacterId === null) throw notFound('Chat log');
  if (hist !== null && target.logCharacterId !== characterId) {
    throw new AppError('bad_request', 'This chat log belongs to another character');
  }
  return target;
}

/** Regenerate and continue: the character and chat are checked, then the mode reserves and reads the history. */
async function prepareAgain(
  db: TDb,
  plan: TDailyPlan,
  input: TSendMessageInput,
  hist: string | null,
  mode: TReplyMode,
) {
  const found = await findChatTarget(db, { userId: plan.userId, characterId: input.characterId, uuid: hist });
  const target = checkTarget(found, hist, input.characterId);
  return { target, ...(await mode.prepare(plan)) };
}

/**
 * Checks the character, reserves today's slot and stores the person's message: one statement (the
 * character, the reservation, the message and the chat's recent context together), or, for a retry of a
 * message already stored, the check and the reservation alone.
 */
async function storeUserMessage(db: TDb, plan: TDailyPlan, input: TSendMessageInput, hist: string | null) {
  const message = { role: 'user' as const, content: input.userInput };
  if (hist !== null && input.retry) {
    const target = checkTarget(
      await findChatTarget(db, { userId: plan.userId, characterId: input.characterId, uuid: hist }),
      hist,
      input.characterId,
    );
    // A retry answers the message stored by the failed attempt instead of storing it twice.
    const last = await lastMessage(db, plan.userId, hist);
    if (last?.role === 'user' && last.content === input.userInput) {
      const slot = await reserveDailySlot(db, plan);
      const history = await recentNonEmptyMessages(db, {
        userId: plan.userId,
        uuid: hist,
        limit: CONTEXT_MESSAGES,
      });
      return { target, uuid: hist, slot, history };
    }
  }
  const now = new Date();
  const reservation = dailyReservation(plan, now);
  const result = await reserveAndStoreUserMessage(db, {
    reserve: reservation.sql,
    userId: plan.userId,
    characterId: input.characterId,
    uuid: hist,
    content: input.userInput,
    contextLimit: CONTEXT_MESSAGES,
  });
  const target = checkTarget(result.target, hist, input.characterId);
  const slot = toDailySlot(db, plan, reservation.day, result.count, now);
  if (result.uuid === null) {
    // The chat log went away between the check and the insert: nothing was stored.
    await slot.release();
    throw notFound('Chat log');
  }
  return { target, uuid: result.uuid, slot, history: [...result.context, message] };
}

type TStreamContext = {
  input: TSendMessageInput;
  model: TChatModel;
  character: { name: string; description: string; userPersona?: string | null };
  memory: TReplyMemory;
  lore: TReplyLoreResult;
  hist: string;
  /** The chat's last non-empty messages, oldest first, ending with the one being answered. */
  history: { role: 'user' | 'assistant'; content: string }[];
  slot: TDailySlot;
};

async function* streamReply(deps: TSendMessageDeps, ctx: TStreamContext): AsyncGenerator<TReplyEvent> {
  const { db } = deps;
  const { input, slot, hist } = ctx;
  const userId = input.user.id;
  const started = performance.now();
  const remainingAfterRelease = slot.remaining === null ? null : slot.remaining + 1;
  let text = '';
  let thoughts = '';

  const fail = async (status: 502 | 503, code: string, message: string): Promise<TReplyEvent> => {
    await slot.release();
    return { type: 'error', status, error: { code, message, hist, remaining: remainingAfterRelease } };
  };

  try {
    const messages = buildPrompt({
      persona: ctx.character,
      userName: input.user.name?.trim() || input.user.username || DEFAULT_USER_NAME,
      history: ctx.history,
      memories: ctx.memory.memories,
      withThoughts: input.chainOfThoughtEnabled,
      userPersona: ctx.character.userPersona,
      continueLast: input.mode?.continueLast,
      lore: ctx.lore.lore,
    });
    for await (const chunk of ctx.model.streamReply({
      messages,
      withThoughts: input.chainOfThoughtEnabled,
      signal: input.signal,
      maxTokens: REPLY_MAX_TOKENS,
    })) {
      if (chunk.type === 'text') {
        text += chunk.text;
        yield { type: 'delta', text: chunk.text };
      } else {
        thoughts += chunk.text;
        yield { type: 'thoughts', text: chunk.text };
      }
    }
  } catch (error) {
    if (!input.signal?.aborted) {
      deps.log?.warn({ err: error, model: ctx.model.id }, 'chat model failed');
      // A connection that broke after words arrived was reached: that is a failed reply, not a missing model.
      if (error instanceof ModelUnavailableError && text === '' && thoughts === '') {
        yield await fail(503, 'model_unavailable', error.message);
      } else {
        yield await fail(502, 'model_failed', 'The character could not answer just now. Please try again.');
      }
      return;
    }
  }

  const isPartial = Boolean(input.signal?.aborted);
  const reply = text.trim();
  if (reply === '') {
    if (!isPartial) {
      yield await fail(502, 'model_failed', 'The character gave an empty answer. Please try again.');
      return;
    }
    // Stopped before any words arrived: nothing to keep, and the slot was not used.
    await slot.release();
    yield {
      type: 'done',
      response: toResponse({
        input,
        reply: '',
        thoughts: '',
        hist,
        remaining: remainingAfterRelease,
        isPartial,
      }),
    };
    return;
  }

  const message = { role: 'assistant' as const, content: reply, internalThoughts: thoughts.trim() || null };
  if (input.mode) await input.mode.store(message);
  else await appendMessage(db, { userId, uuid: hist, message });
  // Regenerate and continue replace what the reply was given, so its indicator never goes stale.
  if (ctx.lore.used.length > 0 || input.mode)
    await setReplyLore(db, { userId, uuid: hist, lore: ctx.lore.used });
  deps.log?.info(
    { model: ctx.model.id, ms: Math.round(performance.now() - started), chars: reply.length, isPartial },
    'reply',
  );
  ctx.memory.afterReply({ model: ctx.model, reply, isPartial });
  yield {
    type: 'done',
    response: {
      ...toResponse({ input, reply, thoughts, hist, remaining: slot.remaining, isPartial }),
      embedding: ctx.memory.embedding,
      // Only when there is some: a reply without lorebooks answers with exactly the spec's fields.
      ...(ctx.lore.used.length > 0 ? { lore: ctx.lore.used } : {}),
    },
  };
}

function toResponse(r: {
  input: TSendMessageInput;
  reply: string;
  thoughts: string;
  hist: string;
  remaining: number | null;
  isPartial: boolean;
}): TReplyResponse {
  return {
    message: r.input.userInput,
    reply: r.reply,
    internalThoughts: r.thoughts.trim() || null,
    embedding: null,
    audioUrl: null,
    audioUrlForCloudflare: null,
    hist: r.hist,
    uuid: r.hist,
    remaining: r.remaining,
    isPartial: r.isPartial,
  };
}
