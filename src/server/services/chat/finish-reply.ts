// The end of every reply's streaming step: after the model, the reply checked and stored (or the slot
// given back when none came), and its `done` or `error` event.
import type { TReplyPositions, TReplyResponse } from '../../../shared/chat.ts';
import { MODEL_DID_NOT_ANSWER } from '../../../shared/models.ts';
import { ModelUnavailableError } from '../../ai/chat-model.ts';
import { setReplyLore } from '../../db/queries/chat-lorebooks.ts';
import { setReplyMemories } from '../../db/queries/reply-memories.ts';
import type { TReplyProblem } from '../../safety/reply-check.ts';
import { queueReplyPush } from '../push/reply-push.ts';
import { BREAK_REMINDER_TEXT } from '../safety/break-reminder.ts';
import type { TReplyDeps } from './prepare-reply.ts';
import type { TReplyEvent, TStreamContext } from './stream-reply.ts';

/** What the model wrote, and whether it was cut off or turned out unsafe. */
export type TReplyState = {
  text: string;
  thoughts: string;
  isCutOff: boolean;
  problem: TReplyProblem | null;
  started: number;
};

/** After the model: the reply checked and stored, and its `done` event (or an `error` when none came). */
export async function* finishReply(
  deps: TReplyDeps,
  ctx: TStreamContext,
  state: TReplyState,
  failure: { error: unknown } | null,
): AsyncGenerator<TReplyEvent> {
  const { prepared, switches } = ctx;
  const { user, model, slot, uuid } = prepared;
  let { text, thoughts, isCutOff, problem } = state;
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
  const fail = async (status: 502 | 503, code: string, message: string): Promise<TReplyEvent> => {
    await slot.release();
    return { type: 'error', status, error: { code, message, hist: uuid, remaining: remainingAfterRelease } };
  };

  // A failure after the person's stop is the stop's: what arrived is kept as it is.
  if (failure) {
    const { error } = failure;
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
    { model: model.id, ms: Math.round(performance.now() - state.started), chars: reply.length, isPartial },
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
