// Adapts any AI SDK language model (OpenAI-compatible, Ollama, test mocks) to the TChatModel interface.
import {
  APICallError,
  generateText,
  jsonSchema,
  type LanguageModel,
  Output,
  RetryError,
  streamText,
} from 'ai';
import {
  ModelUnavailableError,
  type TChatModel,
  type TCompleteJsonInput,
  type TReplyChunk,
  type TStreamReplyInput,
} from './chat-model.ts';
import { createThoughtsParser } from './thoughts-parser.ts';

export type TAiSdkChatModelOptions = {
  id: string;
  model: LanguageModel;
  isAvailable: () => Promise<boolean>;
  /** Retries of a failed call before the first token (default 1: one quick second chance). */
  maxRetries?: number;
};

/** A connection that never reached the model is "unavailable"; anything else is the model's own error. */
export function toReplyError(id: string, error: unknown): unknown {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause) && cause.statusCode === undefined) {
    return new ModelUnavailableError(`The chat model ${id} cannot be reached: ${cause.message}`, { cause });
  }
  return cause;
}

export function createAiSdkChatModel(options: TAiSdkChatModelOptions): TChatModel {
  const { id, model } = options;
  return {
    id,
    isAvailable: options.isAvailable,
    async *streamReply({ messages, withThoughts, signal, maxTokens }: TStreamReplyInput) {
      const result = streamText({
        model,
        messages,
        allowSystemInMessages: true,
        abortSignal: signal,
        maxOutputTokens: maxTokens,
        maxRetries: options.maxRetries ?? 1,
        // Errors arrive as 'error' parts below; without this the SDK would also log them to the console.
        onError: () => {},
      });
      const parser = createThoughtsParser();
      const keep = (chunks: TReplyChunk[]) =>
        withThoughts ? chunks : chunks.filter((c) => c.type === 'text');
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          yield* keep(parser.push(part.text));
        } else if (part.type === 'reasoning-delta') {
          // Reasoning models send their thinking separately: it is the character's internal monologue.
          if (withThoughts && part.text !== '') yield { type: 'thoughts', text: part.text };
        } else if (part.type === 'error') {
          if (signal?.aborted) return;
          throw toReplyError(id, part.error);
        } else if (part.type === 'abort') {
          return;
        }
      }
      yield* keep(parser.end());
    },
    async completeJson({ messages, schema, signal, maxTokens }: TCompleteJsonInput) {
      try {
        // Structured output: providers made with supportsStructuredOutputs send response_format json_schema.
        const result = await generateText({
          model,
          messages,
          allowSystemInMessages: true,
          abortSignal: signal,
          maxOutputTokens: maxTokens,
          maxRetries: options.maxRetries ?? 1,
          temperature: 0,
          output: Output.object({ schema: jsonSchema(schema) }),
        });
        return result.output;
      } catch (error) {
        throw toReplyError(id, error);
      }
    },
  };
}
