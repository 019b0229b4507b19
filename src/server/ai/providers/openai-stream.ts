// The streaming path of OpenAI-compatible chat (OpenAI, vLLM, LM Studio, OpenRouter, Ollama's /v1): one
// request (model-request.ts), its body read as Node 'data' events, the server-sent events parsed by
// eventsource-parser, each delta read straight from the JSON. No stream stages and no per-chunk schema
// validation: the reply path is a relay, and this keeps its cost near the floor (see
// bench/reply-pipeline.ts). The memory judge's structured answer is one plain request here too: through the
// AI SDK it cost about 2 ms of CPU per judged message.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { asAsyncGenerator } from '../../lib/async-generator.ts';
import type { TCompleteJsonInput, TReplyChunk, TStreamReplyInput } from '../chat-model.ts';
import { createThoughtsParser } from '../thoughts-parser.ts';
import { askModel, type TModelRequestOptions, type TModelResponse } from './model-request.ts';

export type TOpenAIStreamOptions = TModelRequestOptions & {
  /** The model name sent in the request. */
  model: string;
};

/** The fields of a streamed chunk this adapter reads; everything else is ignored, nothing is validated. */
type TChunk = {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
  }[];
  error?: { message?: string };
};

const OVER: IteratorResult<TReplyChunk> = Object.freeze({ done: true, value: undefined });

/** Parsed chunks waiting for the reader past which the body is paused (a reader slower than the model). */
const HIGH_WATER = 64;

/**
 * Streams one reply. Thoughts tags in the text and reasoning deltas become `thoughts` chunks (dropped
 * unless `withThoughts`). Aborting ends the stream quietly; a model that cannot be reached before the
 * first byte is ModelUnavailableError; an error status is ModelHttpError; a cut connection throws.
 *
 * Written by hand rather than as an async generator, on undici's `request` rather than `fetch`: each
 * network read arrives as a Node 'data' event and is parsed at once, and each next() is one promise (a
 * resolved one for a chunk already parsed), without web streams, readers or a generator's own promises
 * and turns per chunk. In bench/reply-pipeline's fake model, reading a 60-token reply through `fetch`
 * cost about 3.5 ms of CPU and through `request` about 1.9. As a generator would, it asks the model on
 * the first next(), and return() stops reading (the connection is closed unless the answer was complete).
 */
export function streamOpenAIChat(
  options: TOpenAIStreamOptions,
  { messages, withThoughts, signal, maxTokens }: TStreamReplyInput,
): AsyncGenerator<TReplyChunk> {
  let state: 'new' | 'open' | 'over' = 'new';
  let body: TModelResponse['body'] | null = null;
  // Chunks parsed and not yet taken, from `head` on.
  let queue: TReplyChunk[] = [];
  let head = 0;
  let isDone = false;
  // A next() waiting for the network, and an error that came while none was.
  let waiting: { resolve(result: IteratorResult<TReplyChunk>): void; reject(error: unknown): void } | null =
    null;
  let failure: { error: unknown } | null = null;
  const keep = (chunk: TReplyChunk) => {
    if (withThoughts || chunk.type === 'text') queue.push(chunk);
  };
  const thoughts = createThoughtsParser({ onChunk: keep });
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (isDone) return;
      if (event.data === '[DONE]') {
        isDone = true;
        return;
      }
      const chunk = JSON.parse(event.data) as TChunk;
      if (chunk.error)
        throw new Error(`The chat model ${options.id} failed: ${chunk.error.message ?? 'unknown error'}`);
      const delta = chunk.choices?.[0]?.delta;
      if (!delta) return;
      // Reasoning models send their thinking separately: it is the character's internal monologue.
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (reasoning && withThoughts) queue.push({ type: 'thoughts', text: reasoning });
      if (delta.content) thoughts.push(delta.content);
    },
  });
  const decoder = new TextDecoder();

  const taken = (): IteratorResult<TReplyChunk> | null => {
    if (head < queue.length) return { done: false, value: queue[head++]! };
    if (head > 0) {
      queue = [];
      head = 0;
    }
    return state === 'over' ? OVER : null;
  };
  // After [DONE] the rest of the body (its end, as a rule) is read and dropped: destroying it would close
  // the connection to the model instead of keeping it for the next request.
  const close = () => {
    const b = body;
    body = null;
    if (!b) return;
    if (isDone) b.resume();
    else b.destroy();
  };
  /** Gives a waiting next() what there is now (a chunk, the end), if anything. */
  const answer = () => {
    if (!waiting) return;
    const result = taken();
    if (!result) return;
    const w = waiting;
    waiting = null;
    w.resolve(result);
  };
  const end = () => {
    if (state === 'over') return;
    state = 'over';
    close();
    if (!signal?.aborted || isDone) thoughts.end();
    answer();
  };
  const failed = (error: unknown) => {
    if (state === 'over') return;
    state = 'over';
    queue = [];
    head = 0;
    close();
    if (signal?.aborted) return answer();
    if (!waiting) {
      failure = { error };
      return;
    }
    const w = waiting;
    waiting = null;
    w.reject(error);
  };
  const onData = (bytes: Buffer) => {
    if (state === 'over') return; // read to its end after [DONE]
    try {
      parser.feed(decoder.decode(bytes, { stream: true }));
    } catch (error) {
      return failed(error);
    }
    if (isDone) return end();
    if (queue.length - head > HIGH_WATER) body?.pause();
    answer();
  };
  const wait = () =>
    new Promise<IteratorResult<TReplyChunk>>((resolve, reject) => {
      waiting = { resolve, reject };
      if (body?.isPaused()) body.resume();
    });
  const begin = async (): Promise<IteratorResult<TReplyChunk>> => {
    state = 'open';
    let response: TModelResponse | null;
    try {
      response = await askModel(
        options,
        JSON.stringify({ model: options.model, messages, stream: true, max_tokens: maxTokens }),
        signal,
      );
    } catch (error) {
      state = 'over';
      throw error;
    }
    // Closed while the model was asked (return() in between): the answer is not read.
    if (!response || state !== 'open') {
      state = 'over';
      response?.body.destroy();
      return OVER;
    }
    body = response.body;
    body.on('data', onData);
    body.on('end', end);
    body.on('error', failed);
    return wait();
  };

  return asAsyncGenerator<TReplyChunk>({
    next() {
      if (failure) {
        const { error } = failure;
        failure = null;
        return Promise.reject(error);
      }
      const ready = taken();
      if (ready) return Promise.resolve(ready);
      return state === 'new' ? begin() : wait();
    },
    // As a generator closed at a yield: no more chunks, and the body is no longer read.
    return(value) {
      state = 'over';
      queue = [];
      head = 0;
      failure = null;
      close();
      return Promise.resolve({ done: true, value });
    },
  });
}

/**
 * One structured answer (the memory judge's), not streamed: `response_format` json_schema, and the
 * answer's JSON parsed (not validated: the caller does). Retries as a reply does; aborting throws.
 */
export async function completeOpenAIJson(
  options: TOpenAIStreamOptions,
  { messages, schema, signal, maxTokens }: TCompleteJsonInput,
): Promise<unknown> {
  const body = JSON.stringify({
    model: options.model,
    messages,
    stream: false,
    temperature: 0,
    max_tokens: maxTokens,
    response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
  });
  const response = await askModel(options, body, signal, 'application/json');
  if (!response) throw new DOMException('Stopped before the model answered', 'AbortError');
  const answer = (await response.body.json()) as { choices?: { message?: { content?: string | null } }[] };
  const content = answer.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error(`The chat model ${options.id} gave no answer`);
  return JSON.parse(content);
}
