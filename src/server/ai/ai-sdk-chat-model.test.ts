import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAiSdkChatModel } from './ai-sdk-chat-model.ts';
import { ModelUnavailableError, type TReplyChunk, type TStreamReplyInput } from './chat-model.ts';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function mockModel(parts: LanguageModelV3StreamPart[]) {
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: parts }) }),
  });
}

function textParts(deltas: string[]): LanguageModelV3StreamPart[] {
  return [
    { type: 'text-start', id: 't' },
    ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

async function collect(
  model: ReturnType<typeof createAiSdkChatModel>,
  input: Partial<TStreamReplyInput> = {},
) {
  const chunks: TReplyChunk[] = [];
  for await (const chunk of model.streamReply({
    messages: [
      { role: 'system', content: 'You are Luna.' },
      { role: 'user', content: 'Hi' },
    ],
    withThoughts: true,
    ...input,
  })) {
    chunks.push(chunk);
  }
  return chunks;
}

const isAvailable = async () => true;

describe('AI SDK chat model adapter', () => {
  it('streams text and splits out thoughts tags that arrive in pieces', async () => {
    const mock = mockModel(textParts(['<thou', 'ghts>She is shy.</tho', 'ughts>Hel', 'lo', ' there!']));
    const model = createAiSdkChatModel({ id: 'mock:1', model: mock, isAvailable });
    expect(await collect(model)).toEqual([
      { type: 'thoughts', text: 'She is shy.' },
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'text', text: ' there!' },
    ]);
    const call = mock.doStreamCalls[0]!;
    expect(call.prompt[0]).toEqual({ role: 'system', content: 'You are Luna.' });
    expect(call.prompt[1]).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Hi' }] });
  });

  it('drops thoughts when they were not asked for, and never shows the tags', async () => {
    const mock = mockModel(textParts(['<thoughts>secret</thoughts>', 'Hello.']));
    const model = createAiSdkChatModel({ id: 'mock:1', model: mock, isAvailable });
    expect(await collect(model, { withThoughts: false })).toEqual([{ type: 'text', text: 'Hello.' }]);
  });

  it('passes maxTokens on and turns reasoning deltas into thoughts', async () => {
    const mock = mockModel([
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'thinking hard' },
      { type: 'reasoning-end', id: 'r' },
      ...textParts(['Done.']),
    ]);
    const model = createAiSdkChatModel({ id: 'mock:1', model: mock, isAvailable });
    expect(await collect(model, { maxTokens: 42 })).toEqual([
      { type: 'thoughts', text: 'thinking hard' },
      { type: 'text', text: 'Done.' },
    ]);
    expect(mock.doStreamCalls[0]?.maxOutputTokens).toBe(42);
  });

  it('throws the provider error when the model fails', async () => {
    const mock = new MockLanguageModelV3({
      doStream: async () => {
        throw new APICallError({
          message: 'Internal Server Error',
          url: 'http://x/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 500,
          isRetryable: false,
        });
      },
    });
    const model = createAiSdkChatModel({ id: 'mock:1', model: mock, isAvailable, maxRetries: 0 });
    await expect(collect(model)).rejects.toMatchObject({ statusCode: 500 });
  });

  it('a model that cannot be reached is ModelUnavailableError', async () => {
    const mock = new MockLanguageModelV3({
      doStream: async () => {
        throw new APICallError({
          message: 'Cannot connect to API: connect ECONNREFUSED',
          url: 'http://127.0.0.1:1/v1/chat/completions',
          requestBodyValues: {},
          isRetryable: true,
        });
      },
    });
    const model = createAiSdkChatModel({ id: 'mock:1', model: mock, isAvailable, maxRetries: 0 });
    await expect(collect(model)).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('aborting ends the stream quietly with what came so far', async () => {
    const mock = new MockLanguageModelV3({
      doStream: async () => ({
        stream: simulateReadableStream({
          chunks: textParts(['One ', 'two ', 'three ', 'four']),
          chunkDelayInMs: 30,
        }),
      }),
    });
    const model = createAiSdkChatModel({ id: 'mock:1', model: mock, isAvailable });
    const controller = new AbortController();
    const chunks: TReplyChunk[] = [];
    for await (const chunk of model.streamReply({
      messages: [{ role: 'user', content: 'Hi' }],
      withThoughts: false,
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      if (chunks.length === 1) controller.abort();
    }
    expect(chunks.map((c) => c.text).join('')).toBe('One');
  });
});
