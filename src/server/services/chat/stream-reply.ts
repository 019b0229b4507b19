// The one streaming step of every reply (send, retry, regenerate, continue): memory and lore around the
// prompt, the model's words as they come, the finished reply stored, the slot given back when none came.
import type { TReplyError, TReplyPositions, TReplyResponse, TReplyStart } from '../../../shared/chat.ts';
import type { TReplyChunk } from '../../ai/chat-model.ts';
import { buildPrompt, DEFAULT_USER_NAME } from '../../ai/prompt.ts';
import { loreForReply, NO_REPLY_LORE, type TReplyLoreResult } from '../lorebooks/lore-for-reply.ts';
import { memoryForReply, type TReplyMemory } from '../memories/memory-for-reply.ts';
import { BREAK_REMINDER_TEXT } from '../safety/break-reminder.ts';
import type { TReplySafety } from '../safety/crisis-care.ts';
import { finishReply, type TReplyState } from './finish-reply.ts';
import type { TPreparedReply, TReplyDeps, TReplySwitches } from './prepare-reply.ts';
import { relayChunks } from './relay-chunks.ts';

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

export type TStreamContext = {
  prepared: TPreparedReply;
  switches: TReplySwitches;
  memory: TReplyMemory;
  lore: TReplyLoreResult;
  safety: TReplySafety;
};

/** The reply's events: each of the model's chunks as it comes (relay-chunks.ts), then finishReply's. */
function streamReply(deps: TReplyDeps, ctx: TStreamContext): AsyncGenerator<TReplyEvent> {
  const { prepared, switches } = ctx;
  const { user, model } = prepared;
  const { chainOfThoughtEnabled: withThoughts } = switches;
  // The person's stop, or ours when the reply turns out unsafe midway (a listener for the person's, taken
  // off once the model is done: AbortSignal.any would keep a third signal per reply alive).
  const cut = new AbortController();
  const stopped = switches.signal;
  const onStop = () => cut.abort(stopped?.reason);
  const signal = cut.signal;
  const state: TReplyState = { text: '', thoughts: '', isCutOff: false, problem: null, started: 0 };

  return relayChunks<TReplyChunk, TReplyEvent>({
    begin() {
      if (stopped?.aborted) onStop();
      else stopped?.addEventListener('abort', onStop, { once: true });
      state.started = performance.now();
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
      return model.streamReply({ messages, withThoughts, signal, maxTokens: REPLY_MAX_TOKENS });
    },
    map(chunk) {
      if (chunk.type === 'text') {
        state.text += chunk.text;
        // Checked at each sentence's end, so an unsafe reply is cut as soon as it shows.
        if (deps.safety && /[.!?\n]/.test(chunk.text))
          state.problem = deps.safety.checkReply(state.text, ctx.safety);
        if (state.problem) {
          cut.abort();
          return null;
        }
        return { type: 'delta', text: chunk.text };
      }
      state.thoughts += chunk.text;
      return { type: 'thoughts', text: chunk.text };
    },
    onModelOver() {
      stopped?.removeEventListener('abort', onStop);
    },
    after(failure) {
      return finishReply(deps, ctx, state, failure && !signal.aborted ? failure : null);
    },
  });
}
