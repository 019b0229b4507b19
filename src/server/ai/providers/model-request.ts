// Asking an OpenAI-compatible model over HTTP: one POST through undici's `request` (Node's own HTTP client,
// the one under `fetch`, without its web streams: bench/reply-pipeline), retried once before the first byte
// when the model cannot be reached or answers a status worth a second try.
import { STATUS_CODES } from 'node:http';
import { type Dispatcher, request } from 'undici';
import { ModelUnavailableError } from '../chat-model.ts';

export type TModelRequestOptions = {
  /** The model's id in the TChatModel sense, for error messages. */
  id: string;
  /** The full URL, e.g. https://api.openai.com/v1/chat/completions. */
  url: string;
  headers?: Record<string, string>;
  /** Retries of a failed call before the first token (default 1: one quick second chance). */
  maxRetries?: number;
};

/** The status, headers and body (a Node Readable, with text() and json()) of the model's answer. */
export type TModelResponse = Dispatcher.ResponseData;

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

async function errorText(response: TModelResponse): Promise<string> {
  const text = await response.body.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    const error = parsed.error;
    return (typeof error === 'string' ? error : error?.message) ?? parsed.message ?? text;
  } catch {
    return text || (STATUS_CODES[response.statusCode] ?? '');
  }
}

/** Sends the request, retrying before the first byte; null when the signal ended it. */
export async function askModel(
  options: TModelRequestOptions,
  body: string,
  signal?: AbortSignal,
  accept = 'text/event-stream',
): Promise<TModelResponse | null> {
  const retries = options.maxRetries ?? 1;
  for (let attempt = 0; ; attempt++) {
    let response: TModelResponse;
    try {
      response = await request(options.url, {
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
      const reason = error instanceof Error ? error.message : String(error);
      throw new ModelUnavailableError(`The chat model ${options.id} cannot be reached: ${reason}`, {
        cause: error,
      });
    }
    if (response.statusCode >= 200 && response.statusCode < 300) return response;
    const message = await errorText(response);
    if (attempt < retries && isRetryableStatus(response.statusCode)) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      continue;
    }
    throw new ModelHttpError(
      response.statusCode,
      `The chat model ${options.id} answered ${response.statusCode}: ${message}`,
    );
  }
}
