// The streaming path of OpenAI-compatible chat (OpenAI, vLLM, LM Studio, OpenRouter, Ollama's /v1): one
// `fetch`, the server-sent events parsed by eventsource-parser, each delta read straight from the JSON.
// No web-stream stages and no per-chunk schema validation: the reply path is a relay, and this keeps its
// cost near the floor (see bench/reply-pipeline.ts). The memory judge's structured answer is one plain
// request here too: through the AI SDK it cost about 2 ms of CPU per judged message.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { asAsyncGenerator } from '../../lib/async-generator.ts';
import {
  ModelUnavailableError,
  type TCompleteJsonInput,
  type TReplyChunk,
  type TStreamReplyInput,
} from '../chat-model.ts';
import { createThoughtsParser } from '../thoughts-parser.ts';

export type TOpenAIStreamOptions = {
  /** The model's id in the TChatModel sense, for error messages. */
  id: string;
  /** The full chat completions URL, e.g. https://api.openai.com/v1/chat/completions. */
  url: string;
  /** The model name sent in the request. */
  model: string;
  headers?: Record<string, string>;
  /** Retries of a failed call before the first token (default 1: one quick second chance). */
  maxRetries?: number;
};

/** The model answered with an error status (the model's own error, not a missing model). */
export class ModelHttpError extends Error {
  override name = 'ModelHttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const RETRY_DELAY_MS = 250;

/**
 * Statuses worth a second try here: timeouts, conflicts, 5xx. A rate limit (429) or an overloaded provider
 * (503) is not retried at once: the model's gate (ai/gated-model.ts) backs off and queues the call again,
 * Plus first.
 */
const isRetryableStatus = (status: number) =>
  status === 408 || status === 409 || (status >= 500 && status !== 503);

/** The fields of a streamed chunk this adapter reads; everything else is ignored, nothing is validated. */
type TChunk = {
  choices?: {
    delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null };
  }[];
  error?: { message?: string };
};

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const error = parsed.error;
    return (typeof error === 'string' ? error : error?.message) ?? parsed.message ?? text;
  } catch {
    return text || response.statusText;
  }
}

/** Sends the request, retrying before the first byte; null when the signal ended it. */
async function open(
  options: TOpenAIStreamOptions,
  body: string,
  signal?: AbortSignal,
  accept = 'text/event-stream',
): Promise<Response | null> {
  const retries = options.maxRetries ?? 1;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept, ...options.headers },
        body,
        signal,
      });
    } catch (error) {
      if (signal?.aborted) return null;
      if (attempt < retries) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        continue;
      }
      const reason =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error;
      throw new ModelUnavailableError(`The chat model ${options.id} cannot be reached: ${String(reason)}`, {
        cause: error,
      });
    }
    if (response.ok) return response;
    const message = await errorText(response);
    if (attempt < retries && isRetryableStatus(response.status)) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      continue;
    }
    throw new ModelHttpError(
      response.status,
      `The chat model ${options.id} answered ${response.status}: ${message}`,
    );
  }
}

/** Reads a body to its end, ignoring what is in it and any error. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    while (!(await reader.read()).done);
  } catch {
    // The connection went away: nothing was waiting for it.
  }
}

const OVER: IteratorResult<TReplyChunk> = Object.freeze({ done: true, value: undefined });

/**
 * Streams one reply. Thoughts tags in the text and reasoning deltas become `thoughts` chunks (dropped
 * unless `withThoughts`). Aborting ends the stream quietly; a model that cannot be reached before the
 * first byte is ModelUnavailableError; an error status is ModelHttpError; a cut connection throws.
 *
 * Written by hand rather than as an async generator: each network read is parsed as it comes and each
 * next() is one promise (the read's, or a resolved one for a chunk already parsed), without a generator's
 * own promises and turns per chunk (bench/reply-pipeline). As a generator would, it asks the model on the
 * first next(), and return() stops reading (the connection is closed unless the answer was complete).
 */
export function streamOpenAIChat(
  options: TOpenAIStreamOptions,
  { messages, withThoughts, signal, maxTokens }: TStreamReplyInput,
): AsyncGenerator<TReplyChunk> {
  let state: 'new' | 'open' | 'over' = 'new';
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  // Chunks parsed and not yet taken, from `head` on.
  let queue: TReplyChunk[] = [];
  let head = 0;
  let isDone = false;
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
  // After [DONE] the rest of the body (its end, as a rule) is read in the background: cancelling it would
  // abort the request and close the connection to the model instead of keeping it for the next.
  const close = () => {
    const r = reader;
    reader = null;
    if (!r) return;
    if (isDone) void drain(r);
    else void r.cancel().catch(() => {});
  };
  const end = (): IteratorResult<TReplyChunk> => {
    state = 'over';
    close();
    if (!signal?.aborted || isDone) thoughts.end();
    return taken()!;
  };
  const failed = (error: unknown): IteratorResult<TReplyChunk> => {
    state = 'over';
    queue = [];
    head = 0;
    close();
    if (signal?.aborted) return OVER;
    throw error;
  };
  const onRead = (
    read: ReadableStreamReadResult<Uint8Array>,
  ): IteratorResult<TReplyChunk> | Promise<IteratorResult<TReplyChunk>> => {
    if (state === 'over') return OVER; // closed meanwhile
    try {
      if (read.done) return end();
      parser.feed(decoder.decode(read.value, { stream: true }));
    } catch (error) {
      return failed(error);
    }
    if (isDone) return end();
    return taken() ?? pump();
  };
  const pump = (): Promise<IteratorResult<TReplyChunk>> => reader!.read().then(onRead, failed);
  const begin = async (): Promise<IteratorResult<TReplyChunk>> => {
    state = 'open';
    let response: Response | null;
    try {
      response = await open(
        options,
        JSON.stringify({ model: options.model, messages, stream: true, max_tokens: maxTokens }),
        signal,
      );
    } catch (error) {
      state = 'over';
      throw error;
    }
    // Closed while the model was asked (return() in between): the answer is not read.
    const isClosed = state !== 'open';
    if (!response?.body || isClosed) {
      state = 'over';
      void response?.body?.cancel().catch(() => {});
      return OVER;
    }
    reader = response.body.getReader();
    return pump();
  };

  return asAsyncGenerator<TReplyChunk>({
    next() {
      const ready = taken();
      if (ready) return Promise.resolve(ready);
      return state === 'new' ? begin() : pump();
    },
    // As a generator closed at a yield: no more chunks, and the body is no longer read.
    return(value) {
      state = 'over';
      queue = [];
      head = 0;
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
  const response = await open(options, body, signal, 'application/json');
  if (!response) throw new DOMException('Stopped before the model answered', 'AbortError');
  const answer = (await response.json()) as { choices?: { message?: { content?: string | null } }[] };
  const content = answer.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error(`The chat model ${options.id} gave no answer`);
  return JSON.parse(content);
}
