// Splits a model's raw text stream into internal thoughts (<thoughts>…</thoughts>) and the visible reply.
//
// Rules, chosen for small models that break the format:
// - Tags are matched case-insensitively, with optional spaces inside, and the names thoughts, thought,
//   think and thinking. A tag split across deltas is held back until it can be decided.
// - No tags at all: everything is reply text.
// - Thoughts are not streamed (the UI reveals them only after the reply): each block is emitted as one
//   chunk when it closes. Reply text streams as it comes, minus leading/trailing whitespace.
// - Thoughts may come before or after the reply, more than once; later blocks start with a blank line.
// - A missing closing tag: when the stream ends inside an unclosed first block and no reply has been
//   seen, the block is split at its first blank line (before = thoughts, after = reply); with no blank
//   line it is all reply, because a reply matters more than thoughts. An unclosed block after the reply
//   is all thoughts. If an unclosed block grows past `maxThoughtsChars`, it is split at once the same
//   way (first blank line, else the last sentence end, else all of it is thoughts) and what follows
//   streams as reply, so the person is not kept waiting.
// - A stray closing tag without an opening one is dropped; the text before it stays reply text
//   (telling that it was meant as thoughts would mean holding back every reply).
import type { TReplyChunk } from './chat-model.ts';

export const DEFAULT_MAX_THOUGHTS_CHARS = 1500;

const TAG = /<\s*(\/?)\s*(?:thoughts?|think(?:ing)?)\s*>/i;
const TAG_NAMES = ['thoughts', 'thought', 'think', 'thinking'];
const PARTIAL_TAG = /^<\s*\/?\s*([a-z]*)(\s*)$/i;
const LONGEST_PARTIAL_TAG = 24;

export type TThoughtsParser = {
  /** Feeds one raw delta; returns the chunks that can be decided so far. */
  push(delta: string): TReplyChunk[];
  /** Ends the stream; returns the remaining chunks. */
  end(): TReplyChunk[];
};

/** Index where a possible tag starts at the end of `s` (to hold it back), or s.length. */
function partialTagStart(s: string): number {
  const lt = s.lastIndexOf('<');
  if (lt === -1 || s.length - lt > LONGEST_PARTIAL_TAG) return s.length;
  const match = PARTIAL_TAG.exec(s.slice(lt));
  if (!match) return s.length;
  const letters = (match[1] ?? '').toLowerCase();
  const hasTrailingSpace = (match[2] ?? '').length > 0;
  const couldBeTag = hasTrailingSpace
    ? letters === '' || TAG_NAMES.includes(letters)
    : TAG_NAMES.some((name) => name.startsWith(letters));
  return couldBeTag ? lt : s.length;
}

/** Where an unclosed thoughts block ends: after its first blank line, else after its last sentence. */
function splitUnclosed(
  buffer: string,
  allowSentenceSplit: boolean,
): { thoughts: string; text: string } | null {
  const blank = /\n[ \t]*\n/.exec(buffer.trimStart());
  if (blank) {
    const trimmed = buffer.trimStart();
    return { thoughts: trimmed.slice(0, blank.index), text: trimmed.slice(blank.index) };
  }
  if (!allowSentenceSplit) return null;
  const sentenceEnds = [...buffer.matchAll(/[.!?…]["')\]]*\s/g)];
  const last = sentenceEnds.at(-1);
  if (last?.index !== undefined) {
    const cut = last.index + last[0].length;
    return { thoughts: buffer.slice(0, cut), text: buffer.slice(cut) };
  }
  return { thoughts: buffer, text: '' };
}

const NONE: TReplyChunk[] = [];

/**
 * @param options.onChunk takes each chunk as soon as it is decided; push() and end() then return none
 * (the provider's stream: no array per delta)
 */
export function createThoughtsParser(
  options: { maxThoughtsChars?: number; onChunk?: (chunk: TReplyChunk) => void } = {},
): TThoughtsParser {
  const maxThoughtsChars = options.maxThoughtsChars ?? DEFAULT_MAX_THOUGHTS_CHARS;
  const onChunk = options.onChunk;
  let mode: 'text' | 'thoughts' = 'text';
  let pending = '';
  let thoughts = '';
  let thoughtBlocks = 0;
  let hasText = false;
  let heldWhitespace = '';
  let isAfterBlock = false;
  let out: TReplyChunk[] = [];
  const emit = onChunk ?? ((chunk: TReplyChunk) => out.push(chunk));

  const emitText = (raw: string): void => {
    let s = raw;
    if (!hasText || isAfterBlock) s = s.trimStart();
    if (s === '') return;
    if (isAfterBlock && hasText && heldWhitespace === '') heldWhitespace = ' ';
    isAfterBlock = false;
    const body = heldWhitespace + s;
    const trimmed = body.trimEnd();
    heldWhitespace = body.slice(trimmed.length);
    if (trimmed !== '') {
      emit({ type: 'text', text: trimmed });
      hasText = true;
    }
  };

  const emitThoughts = (raw: string): void => {
    const t = raw.trim();
    if (t === '') return;
    emit({ type: 'thoughts', text: thoughtBlocks > 0 ? `\n\n${t}` : t });
    thoughtBlocks++;
  };

  const closeBlock = (): void => {
    emitThoughts(thoughts);
    thoughts = '';
    mode = 'text';
    isAfterBlock = true;
  };

  const onContent = (s: string): void => {
    if (mode === 'text') {
      emitText(s);
      return;
    }
    thoughts += s;
    if (thoughts.length > maxThoughtsChars) {
      const split = splitUnclosed(thoughts, true)!;
      thoughts = split.thoughts;
      closeBlock();
      emitText(split.text);
    }
  };

  const onTag = (isClosing: boolean): void => {
    if (isClosing) {
      if (mode === 'thoughts') closeBlock();
      return; // a stray closing tag is dropped
    }
    if (mode === 'text') {
      mode = 'thoughts';
      thoughts = '';
    }
  };

  const drain = (): void => {
    for (;;) {
      const match = TAG.exec(pending);
      if (match) {
        onContent(pending.slice(0, match.index));
        pending = pending.slice(match.index + match[0].length);
        onTag(match[1] === '/');
        continue;
      }
      const holdFrom = partialTagStart(pending);
      onContent(pending.slice(0, holdFrom));
      pending = pending.slice(holdFrom);
      return;
    }
  };

  const take = (): TReplyChunk[] => {
    if (out.length === 0) return NONE;
    const chunks = out;
    out = [];
    return chunks;
  };

  return {
    push(delta) {
      // Nothing held back and no '<' in the delta (nearly every delta): no tag can start in it, so all of it
      // is content, as drain() would find after its two searches.
      if (pending === '' && !delta.includes('<')) onContent(delta);
      else {
        pending += delta;
        drain();
      }
      return take();
    },
    end() {
      // Whatever is still pending is an unfinished tag (e.g. cut by maxTokens): drop it.
      pending = '';
      if (mode === 'thoughts') {
        if (hasText) {
          closeBlock();
        } else {
          const split = splitUnclosed(thoughts, false);
          const rest = split ? split.text : thoughts;
          thoughts = split ? split.thoughts : '';
          closeBlock();
          emitText(rest);
        }
      }
      return take();
    },
  };
}

/** Runs raw text deltas through a thoughts parser. */
export async function* parseThoughts(
  deltas: AsyncIterable<string>,
  options: { maxThoughtsChars?: number } = {},
): AsyncGenerator<TReplyChunk> {
  const parser = createThoughtsParser(options);
  for await (const delta of deltas) yield* parser.push(delta);
  yield* parser.end();
}
