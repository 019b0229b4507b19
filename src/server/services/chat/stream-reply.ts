// The one streaming step of every reply (send, retry, regenerate, continue): memory and lore around the
// prompt, the model's words as they come, the finished reply stored, the slot given back when none came.
import type { TReplyError, TReplyPositions, TReplyResponse, TReplyStart } from '../../../shared/chat.ts';
import { MODEL_DID_NOT_ANSWER } from '../../../shared/models.ts';
import { ModelUnavailableError } from '../../ai/chat-model.ts';
import { buildPrompt, DEFAULT_USER_NAME } from '../../ai/prompt.ts';
import { setReplyLore } from '../../db/queries/chat-lorebooks.ts';
import { setReplyMemories } from '../../db/queries/reply-memories.ts';
import type { TReplyProblem } from '../../safety/reply-check.ts';
import { loreForReply, NO_REPLY_LORE, type TReplyLoreResult } from '../lorebooks/lore-for-reply.ts';
import { memoryForReply, type TReplyMemory } from '../memories/memory-for-reply.ts';
import { queueReplyPush } from '../push/reply-push.ts';
import { BREAK_REMINDER_TEXT } from '../safety/break-reminder.ts';
import type { TReplySafety } from '../safety/crisis-care.ts';
import type { TPreparedReply, TReplyDeps, TReplySwitches } from './prepare-reply.ts';

/** Upper bound of a reply's length in tokens (thoughts included). */
export const REPLY_MAX_TOKENS = 700;

export type TReplyEvent =
  | { type: 'thoughts'; text: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; response: TReplyResponse; positions: TReplyPositions }
  | { type: 'error'; status: 502 | 503; error: TReplyError };

const NO_SAFETY: TReplySafety = { crisis: null, isMinor: false, instructions: [] };

export type TReplyRun = {
  start: TReplyStart;
  /** The character answering (voice speaks in its voice). */
  characterId: number;
  events: AsyncGenerator<TReplyEvent>;
};

/**
 * Reads what the prompt is given besides the chat (memories, lore: neither can refuse the reply) and
 * returns the run: its `start` event and the stream of the reply's events.
 */
export async function startStreaming(
  deps: TReplyDeps,
  prepared: TPreparedReply,
  switches: TReplySwitches,
): Promise<TReplyRun> {
  const { user, characterId, uuid, history, character } = prepared;
  // The three are independent reads (and the crisis check's writes): together, so the first words wait
  // for the slowest alone. What they would look up first came with the chat target.
  const [memory, lore, safety] = await Promise.all([
    // Never used when the character has memory disabled, whatever memoryEnabled the browser sent.
    memoryForReply(deps.memory, {
      isOn: switches.memoryEnabled && !character.memoryDisabled,
      userId: user.id,
      characterId,
      characterName: character.name,
      chatLogUuid: uuid,
      messagePosition: prepared.messagePosition,
      message: prepared.message,
      history,
      hasMemories: character.hasMemories,
    }),
    // Lorebooks add to a reply; a failure to read them never costs the person their reply.
    loreForReply(deps.db, {
      userId: user.id,
      characterId,
      chatUuid: uuid,
      history,
      hasLore: character.hasLore,
      isWholeChat: prepared.isWholeChat,
      books: prepared.loreBooks,
    }).catch((err) => {
      deps.log?.warn({ err }, 'lorebooks not scanned');
      return NO_REPLY_LORE;
    }),
    // Checked before the reply is written: a crisis changes this reply's instructions and shows the card.
    deps.safety
      ? deps.safety.beforeReply({
          userId: user.id,
          message: prepared.message,
          isNewMessage: prepared.isFirstAnswer ?? !prepared.replacesReply,
          facts: character.safetyFacts,
        })
      : NO_SAFETY,
  ]);

  return {
    start: {
      hist: uuid,
      uuid,
      remaining: prepared.slot.remaining,
      messagePosition: prepared.messagePosition,
      ...(prepared.group ? { speakerId: characterId } : {}),
      ...(safety.crisis ? { crisis: safety.crisis } : {}),
      ...(safety.isBreakDue ? { breakReminder: BREAK_REMINDER_TEXT(prepared.character.name) } : {}),
    },
    characterId,
    events: streamReply(deps, { prepared, switches, memory, lore, safety }),
  };
}

type TStreamContext = {
  prepared: TPreparedReply;
  switches: TReplySwitches;
  memory: TReplyMemory;
  lore: TReplyLoreResult;
  safety: TReplySafety;
};

async function* streamReply(deps: TReplyDeps, ctx: TStreamContext): AsyncGenerator<TReplyEvent> {
  const { prepared, switches } = ctx;
  const { user, model, slot, uuid } = prepared;
  const { chainOfThoughtEnabled: withThoughts } = switches;
  // The person's stop, or ours when the reply turns out unsafe midway (a listener for the person's, taken
  // off once the model is done: AbortSignal.any would keep a third signal per reply alive).
  const cut = new AbortController();
  const stopped = switches.signal;
  const onStop = () => cut.abort(stopped?.reason);
  if (stopped?.aborted) onStop();
  else stopped?.addEventListener('abort', onStop, { once: true });
  const signal = cut.signal;
  let problem: TReplyProblem | null = null;
  const started = performance.now();
  const remainingAfterRelease = slot.remaining === null ? null : slot.remaining + 1;
  const respond = (r: { reply: string; thoughts: string; remaining: number | null; isPartial: boolean }) => ({
    ...toResponse({ ...r, message: prepared.message, uuid }),
    ...(ctx.safety.crisis ? { crisis: ctx.safety.crisis } : {}),
    ...(ctx.safety.isBreakDue ? { breakReminder: BREAK_REMINDER_TEXT(prepared.character.name) } : {}),
    ...(problem ? { isReplaced: true } : {}),
  });
  const positions = (replyPosition: number | null): TReplyPositions => ({
    messagePosition: prepared.messagePosition,
    replyPosition,
  });
  let text = '';
  let thoughts = '';
  let isCutOff = false;

  const fail = async (status: 502 | 503, code: string, message: string): Promise<TReplyEvent> => {
    await slot.release();
    return { type: 'error', status, error: { code, message, hist: uuid, remaining: remainingAfterRelease } };
  };

  try {
    const messages = buildPrompt({
      persona: prepared.character,
      userName: user.name?.trim() || user.username || DEFAULT_USER_NAME,
      history: prepared.history,
      memories: ctx.memory.memories,
      withThoughts,
      userPersona: prepared.character.userPersona,
      continueLast: prepared.continueLast,
      lore: ctx.lore.lore,
      group: prepared.group,
      safetyInstructions: ctx.safety.instructions,
    });
    for await (const chunk of model.streamReply({
      messages,
      withThoughts,
      signal,
      maxTokens: REPLY_MAX_TOKENS,
    })) {
      if (chunk.type === 'text') {
        text += chunk.text;
        // Checked at each sentence's end, so an unsafe reply is cut as soon as it shows.
        if (deps.safety && /[.!?\n]/.test(chunk.text)) problem = deps.safety.checkReply(text, ctx.safety);
        if (problem) {
          cut.abort();
          break;
        }
        yield { type: 'delta', text: chunk.text };
      } else {
        thoughts += chunk.text;
        yield { type: 'thoughts', text: chunk.text };
      }
    }
  } catch (error) {
    if (!signal?.aborted) {
      deps.log?.warn({ err: error, model: model.id, isCutOff: text.trim() !== '' }, 'chat model failed');
      // The model stopped after words arrived: they are kept below, marked as cut off.
      if (text.trim() === '') {
        // A model that is set up and cannot be reached did not answer: it is not a missing model.
        yield error instanceof ModelUnavailableError
          ? await fail(503, 'model_not_answering', MODEL_DID_NOT_ANSWER)
          : await fail(502, 'model_failed', 'The character could not answer just now. Please try again.');
        return;
      }
      isCutOff = true;
    }
  } finally {
    stopped?.removeEventListener('abort', onStop);
  }

  problem ??= deps.safety && text.trim() !== '' ? deps.safety.checkReply(text, ctx.safety) : null;
  // A safe message that takes an unsafe reply's place is whole: never marked as cut off.
  if (problem) isCutOff = false;
  const isPartial = (Boolean(switches.signal?.aborted) || isCutOff) && !problem;
  // An unsafe reply is never kept or shown: a safe message takes its place (counted and logged, no text).
  const reply = problem && deps.safety ? await deps.safety.replaceReply(problem) : text.trim();
  if (problem) thoughts = '';
  if (reply === '') {
    if (!isPartial) {
      yield await fail(502, 'model_failed', 'The character gave an empty answer. Please try again.');
      return;
    }
    // Stopped before any words arrived: nothing to keep, and the slot was not used.
    await slot.release();
    yield {
      type: 'done',
      response: respond({ reply: '', thoughts: '', remaining: remainingAfterRelease, isPartial }),
      positions: positions(null),
    };
    return;
  }

  const replyPosition = await prepared.store({
    role: 'assistant',
    content: reply,
    internalThoughts: thoughts.trim() || null,
    isCutOff,
    memoryIds: ctx.memory.ids,
    lore: ctx.lore.used,
  });
  // The model's failure is not the person's: a cut-off reply gives today's slot back.
  if (isCutOff) await slot.release();
  // A new reply is stored with what it was given (above); one that replaces another replaces what it was
  // given, so its indicator never goes stale.
  if (prepared.replacesReply) {
    await setReplyLore(deps.db, { userId: user.id, uuid, lore: ctx.lore.used });
    await setReplyMemories(deps.db, { userId: user.id, uuid, ids: ctx.memory.ids });
  }
  deps.log?.info(
    { model: model.id, ms: Math.round(performance.now() - started), chars: reply.length, isPartial },
    'reply',
  );
  ctx.memory.afterReply({ model, reply, isPartial });
  // Finished while no tab of theirs is visible: a push, if the person asked for one (never delays the reply).
  if (!isPartial) {
    void queueReplyPush(deps.db, {
      userId: user.id,
      characterId: prepared.characterId,
      chatUuid: uuid,
      isGroup: Boolean(prepared.group),
      text: reply,
      isOn: prepared.character.isReplyPushOn,
    }).catch((err) => deps.log?.warn({ err }, 'reply push not queued'));
  }
  yield {
    type: 'done',
    response: {
      ...respond({
        reply,
        thoughts,
        remaining: isCutOff ? remainingAfterRelease : slot.remaining,
        isPartial,
      }),
      // Only when it was: a finished reply answers with exactly the spec's fields.
      ...(isCutOff ? { isCutOff } : {}),
      embedding: ctx.memory.embedding,
      // Only when there is some: a reply without lorebooks answers with exactly the spec's fields.
      ...(ctx.lore.used.length > 0 ? { lore: ctx.lore.used } : {}),
      // The same for memories: the ids of those it was given (GET /api/memories/reply shows them).
      ...(ctx.memory.ids.length > 0 ? { memoryIds: ctx.memory.ids } : {}),
    },
    positions: positions(replyPosition),
  };
}

function toResponse(r: {
  message: string;
  reply: string;
  thoughts: string;
  uuid: string;
  remaining: number | null;
  isPartial: boolean;
}): TReplyResponse {
  return {
    message: r.message,
    reply: r.reply,
    internalThoughts: r.thoughts.trim() || null,
    embedding: null,
    audioUrl: null,
    audioUrlForCloudflare: null,
    hist: r.uuid,
    uuid: r.uuid,
    remaining: r.remaining,
    isPartial: r.isPartial,
  };
}
