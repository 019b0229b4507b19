// Chat model on any OpenAI-compatible endpoint (OpenAI, vLLM, LM Studio, OpenRouter): replies and the
// memory judge's JSON answers go through the thin fetch adapter (openai-stream.ts).
import { answersWithin, cachedCheck } from '../cached-check.ts';
import type { TChatModel } from '../chat-model.ts';
import { completeOpenAIJson, streamOpenAIChat } from './openai-stream.ts';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

export type TOpenAICompatibleOptions = {
  /** Ends with /v1 (default: OpenAI's). */
  baseURL?: string;
  apiKey?: string;
  model: string;
  maxRetries?: number;
};

export function createOpenAICompatibleModel(options: TOpenAICompatibleOptions): TChatModel {
  const baseURL = (options.baseURL ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const id = `openai-compatible:${options.model}`;
  const stream = {
    id,
    url: `${baseURL}/chat/completions`,
    model: options.model,
    headers,
    maxRetries: options.maxRetries,
  };
  return {
    id,
    // Up when GET /models answers; a 404 still means a server is there (not every compatible server lists
    // models), while 401/403 means the key is wrong and every reply would fail.
    isAvailable: cachedCheck(() =>
      answersWithin(`${baseURL}/models`, 2000, {
        headers,
        isAccepted: (status) => (status >= 200 && status < 300) || status === 404,
      }),
    ),
    streamReply: (input) => streamOpenAIChat(stream, input),
    completeJson: (input) => completeOpenAIJson(stream, input),
  };
}
