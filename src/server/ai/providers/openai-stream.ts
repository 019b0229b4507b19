// The streaming path of OpenAI-compatible chat (OpenAI, vLLM, LM Studio, OpenRouter, Ollama's /v1): one
// `fetch`, the server-sent events parsed by eventsource-parser, each delta read straight from the JSON.
// No web-stream stages and no per-chunk schema validation: the reply path is a relay, and this keeps its
// cost near the floor (see bench/reply-pipeline.ts). The memory judge's structured answer is one plain
// request here too: through the AI SDK it cost about 2 ms of CPU per judged message.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
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

/**
 * Streams one reply. Thoughts tags in the text and reasoning deltas become `thoughts` chunks (dropped
 * unless `withThoughts`). Aborting ends the stream quietly; a model that cannot be reached before the
 * first byte is ModelUnavailableError; an error status is ModelHttpError; a cut connection throws.
 */
export async function* streamOpenAIChat(
  options: TOpenAIStreamOptions,
  { messages, withThoughts, signal, maxTokens }: TStreamReplyInput,
): AsyncGenerator<TReplyChunk> {
  const body = JSON.stringify({ model: options.model, messages, stream: true, max_tokens: maxTokens });
  const response = await open(options, body, signal);
  if (!response?.body) return;

  const thoughts = createThoughtsParser();
  let pending: TReplyChunk[] = [];
  let isDone = false;
  const push = (chunks: TReplyChunk[]) => {
    for (const chunk of chunks) if (withThoughts || chunk.type === 'text') pending.push(chunk);
  };
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
      if (reasoning && withThoughts) pending.push({ type: 'thoughts', text: reasoning });
      if (delta.content) push(thoughts.push(delta.content));
    },
  });

  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      parser.feed(decoder.decode(read.value, { stream: true }));
      if (pending.length > 0) {
        const ready = pending;
        pending = [];
        // One by one: `yield*` of an array would wrap it in an async iterator, a few promises more a chunk.
        for (const chunk of ready) yield chunk;
      }
      if (isDone) break;
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  } finally {
    // After [DONE] the rest of the body (its end, as a rule) is read in the background: cancelling it
    // would abort the request and close the connection to the model instead of keeping it for the next.
    if (isDone) void drain(reader);
    else void reader.cancel().catch(() => {});
  }
  if (signal?.aborted && !isDone) return;
  push(thoughts.end());
  for (const chunk of pending) yield chunk;
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
