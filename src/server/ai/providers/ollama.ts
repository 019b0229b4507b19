// Chat model served by a local Ollama: replies and the memory judge's JSON answers (response_format
// json_schema, which Ollama supports) go to its OpenAI-compatible /v1 endpoint through the thin fetch
// adapter (openai-stream.ts).
import { cachedCheck } from '../cached-check.ts';
import type { TChatModel } from '../chat-model.ts';
import { completeOpenAIJson, streamOpenAIChat } from './openai-stream.ts';

export const DEFAULT_OLLAMA_BASE_URL = 'http://127.0.0.1:11434';

export type TOllamaOptions = {
  /** Ollama's own address, without /v1 (default http://127.0.0.1:11434). */
  baseUrl?: string;
  model: string;
  maxRetries?: number;
};

/** Ollama lists `llama3.2` as `llama3.2:latest`. */
function isSameModel(listed: string, wanted: string): boolean {
  return listed === wanted || (!wanted.includes(':') && listed === `${wanted}:latest`);
}

export function createOllamaModel(options: TOllamaOptions): TChatModel {
  const baseUrl = (options.baseUrl ?? DEFAULT_OLLAMA_BASE_URL).replace(/\/+$/, '');
  const id = `ollama:${options.model}`;
  const stream = {
    id,
    url: `${baseUrl}/v1/chat/completions`,
    model: options.model,
    maxRetries: options.maxRetries,
  };
  return {
    id,
    // Up when GET /api/tags answers 200 within 1 s and lists the model: an Ollama without the model
    // pulled would fail every reply, and then the embedded model is the better choice.
    isAvailable: cachedCheck(async () => {
      const response = await fetch(`${baseUrl}/api/tags`, { signal: AbortSignal.timeout(1000) });
      if (response.status !== 200) {
        await response.body?.cancel();
        return false;
      }
      const body = (await response.json()) as { models?: { name?: string; model?: string }[] };
      return (body.models ?? []).some(
        (m) => isSameModel(m.name ?? '', options.model) || isSameModel(m.model ?? '', options.model),
      );
    }),
    streamReply: (input) => streamOpenAIChat(stream, input),
    completeJson: (input) => completeOpenAIJson(stream, input),
  };
}
