import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../../test-support/fake-openai-server.ts';
import {
  ModelUnavailableError,
  type TChatModel,
  type TReplyChunk,
  type TStreamReplyInput,
} from '../chat-model.ts';
import { buildPrompt } from '../prompt.ts';
import { createOpenAICompatibleModel } from './openai-compatible.ts';

async function collect(model: TChatModel, input: TStreamReplyInput) {
  const chunks: TReplyChunk[] = [];
  for await (const chunk of model.streamReply(input)) chunks.push(chunk);
  return {
    chunks,
    text: chunks
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join(''),
    thoughts: chunks
      .filter((c) => c.type === 'thoughts')
      .map((c) => c.text)
      .join(''),
  };
}

const prompt = (withThoughts: boolean) =>
  buildPrompt({
    persona: { name: 'Luna', description: 'Luna is kind to {{userName}}.' },
    userName: 'Ada',
    history: [
      { role: 'user', content: '' },
      { role: 'user', content: 'I lost my keys again today' },
    ],
    memories: [],
    withThoughts,
  });

describe('OpenAI-compatible provider against the fake server', () => {
  let server: TFakeOpenAI;
  let model: TChatModel;

  beforeAll(async () => {
    server = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test' });
    model = createOpenAICompatibleModel({
      baseURL: server.url,
      apiKey: 'sk-test',
      model: 'gpt-test',
      maxRetries: 0,
    });
  });
  afterAll(() => server.close());

  it('streams a reply in several chunks and sends the built prompt', async () => {
    server.setMode('ok');
    const reply = await collect(model, { messages: prompt(false), withThoughts: false });
    expect(model.id).toBe('openai-compatible:gpt-test');
    expect(reply.text).toBe('I lost my keys… I hear you.');
    expect(reply.thoughts).toBe('');
    expect(reply.chunks.length).toBeGreaterThan(3);
    const sent = server.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'gpt-test', stream: true, authorization: 'Bearer sk-test' });
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.messages[0]?.content).toContain('Luna is kind to Ada.');
  });

  it('keeps its connection to the model for the next reply', async () => {
    server.setMode('ok');
    server.setTokenDelay(2);
    await collect(model, { messages: prompt(false), withThoughts: false });
    const opened = server.connections();
    for (let i = 0; i < 3; i++) await collect(model, { messages: prompt(false), withThoughts: false });
    server.setTokenDelay(0);
    expect(server.connections()).toBe(opened);
  });

  it('returns thoughts separately when the prompt asks for them', async () => {
    server.setMode('ok');
    const reply = await collect(model, { messages: prompt(true), withThoughts: true, maxTokens: 50 });
    expect(reply.thoughts).toBe('They said "I lost my keys". I should listen.');
    expect(reply.text).toBe('I lost my keys… I hear you.');
    expect(server.requests.at(-1)?.maxTokens).toBe(50);
  });

  it('maxTokens cuts the reply', async () => {
    const reply = await collect(model, { messages: prompt(false), withThoughts: false, maxTokens: 2 });
    expect(reply.text).toBe('I lost');
  });

  it('an HTTP 500 becomes a thrown error', async () => {
    server.setMode('fail');
    await expect(collect(model, { messages: prompt(false), withThoughts: false })).rejects.toMatchObject({
      statusCode: 500,
    });
    server.setMode('ok');
  });

  it('a connection cut mid-reply is a thrown error', async () => {
    server.setMode('drop');
    await expect(collect(model, { messages: prompt(false), withThoughts: false })).rejects.toThrow();
    server.setMode('ok');
  });

  it('a reader slower than the model gets every chunk in order, and the connection is kept', async () => {
    // 300 tokens at once: more than the stream holds parsed before it stops reading the network.
    const fast = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', replyTokens: 300 });
    try {
      const slow = createOpenAICompatibleModel({ baseURL: fast.url, apiKey: 'sk-test', model: 'gpt-test' });
      const whole = await collect(slow, { messages: prompt(false), withThoughts: false });
      expect(whole.chunks.length).toBeGreaterThan(100);
      // (A second request at once may find the first connection not yet free: counted from here.)
      await collect(slow, { messages: prompt(false), withThoughts: false });
      const opened = fast.connections();
      const chunks: TReplyChunk[] = [];
      for await (const chunk of slow.streamReply({ messages: prompt(false), withThoughts: false })) {
        if (chunks.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
        chunks.push(chunk);
      }
      expect(chunks.map((c) => c.text).join('')).toBe(whole.text);
      expect(fast.connections()).toBe(opened);
    } finally {
      await fast.close();
    }
  });

  it('a connection cut while the reader is busy throws at its next read', async () => {
    server.setMode('drop');
    server.setTokenDelay(5);
    const stream = model.streamReply({ messages: prompt(false), withThoughts: false });
    const first = await stream.next();
    expect(first.done).toBe(false);
    // The cut comes while nobody reads; it is not lost.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(
      (async () => {
        for (let next = await stream.next(); !next.done; next = await stream.next());
      })(),
    ).rejects.toThrow();
    server.setTokenDelay(0);
    server.setMode('ok');
  });

  it('a hanging model can be aborted', async () => {
    server.setMode('hang');
    const started = Date.now();
    const reply = await collect(model, {
      messages: prompt(false),
      withThoughts: false,
      signal: AbortSignal.timeout(200),
    });
    expect(reply.text).toBe('');
    expect(Date.now() - started).toBeLessThan(2000);
    server.setMode('ok');
  });

  it('is available when the server answers, not with a wrong key or when nothing listens', async () => {
    expect(await model.isAvailable()).toBe(true);
    const wrongKey = createOpenAICompatibleModel({ baseURL: server.url, apiKey: 'nope', model: 'gpt-test' });
    expect(await wrongKey.isAvailable()).toBe(false);
    const nowhere = createOpenAICompatibleModel({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'x',
      maxRetries: 0,
    });
    expect(await nowhere.isAvailable()).toBe(false);
    await expect(collect(nowhere, { messages: prompt(false), withThoughts: false })).rejects.toBeInstanceOf(
      ModelUnavailableError,
    );
  });
});

describe('OpenAI-compatible structured answers (the memory judge) against the fake server', () => {
  let fake: TFakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-json', model: 'gpt-json' });
  });
  afterAll(() => fake.close());
  const schema = {
    type: 'object',
    properties: { remember: { type: 'boolean' }, importance: { type: 'integer', maximum: 5 } },
    required: ['remember', 'importance'],
    additionalProperties: false,
  };
  const judgeInput = (content: string) => ({
    messages: [
      { role: 'system' as const, content: 'Decide.' },
      { role: 'user' as const, content: `Person: ${content}\nCompanion: Oh!` },
    ],
    schema,
    maxTokens: 60,
  });

  it('asks with response_format json_schema, not streamed, and returns the parsed answer', async () => {
    const model = createOpenAICompatibleModel({ baseURL: fake.url, apiKey: 'sk-json', model: 'gpt-json' });
    const answer = await model.completeJson!(judgeInput('My sister Maya just had a baby girl'));
    expect(answer).toEqual({ remember: true, importance: 4 });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ model: 'gpt-json', stream: false, responseFormat: 'json_schema' });
    expect(request.authorization).toBe('Bearer sk-json');
  });

  it('an error status throws with the model named; a stopped request throws an AbortError', async () => {
    const model = createOpenAICompatibleModel({
      baseURL: fake.url,
      apiKey: 'sk-json',
      model: 'gpt-json',
      maxRetries: 0,
    });
    fake.setMode('fail');
    try {
      await expect(model.completeJson!(judgeInput('My dog is ill'))).rejects.toThrow(
        /openai-compatible:gpt-json answered 500/,
      );
    } finally {
      fake.setMode('ok');
    }
    const stop = new AbortController();
    stop.abort();
    await expect(
      model.completeJson!({ ...judgeInput('My dog is ill'), signal: stop.signal }),
    ).rejects.toThrow(/Stopped|abort/i);
  });
});
