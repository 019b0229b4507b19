// The one chat-model interface the rest of the server uses; providers in ./providers implement it.

export type TChatTurn = { role: 'system' | 'user' | 'assistant'; content: string };

export type TReplyChunk = { type: 'thoughts'; text: string } | { type: 'text'; text: string };

export type TStreamReplyInput = {
  messages: TChatTurn[];
  /** Ask for and return the character's internal thoughts; when false any thoughts are dropped. */
  withThoughts: boolean;
  /** Aborting ends the stream quietly: the chunks yielded so far are the (partial) reply. */
  signal?: AbortSignal;
  maxTokens?: number;
};

export type TCompleteJsonInput = {
  messages: TChatTurn[];
  /** A JSON Schema (object) the answer must follow: `json_schema` or a grammar, as the provider can. */
  schema: Record<string, unknown>;
  signal?: AbortSignal;
  maxTokens?: number;
};

export type TChatModel = {
  /** e.g. 'openai-compatible:gpt-4o-mini', 'ollama:llama3.2', 'llama-cpp:<file>' */
  id: string;
  /** Cheap: the answer is cached for about 5 s. */
  isAvailable(): Promise<boolean>;
  streamReply(input: TStreamReplyInput): AsyncGenerator<TReplyChunk>;
  /** A small JSON answer (e.g. the memory judge's), constrained to `schema`; unvalidated, parse it. */
  completeJson?(input: TCompleteJsonInput): Promise<unknown>;
};

/** No chat model can answer (none configured, or the configured one cannot be reached or loaded). */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

/** No chat model is set up at all (as against one that is set up and did not answer just now). */
export class NoChatModelError extends ModelUnavailableError {
  override name = 'NoChatModelError';
}

export const HOW_TO_GET_A_MODEL =
  'Set OPENAI_BASE_URL/OPENAI_API_KEY, run Ollama, or run `npm run model:download`.';
