import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../../test-support/fake-openai-server.ts';
import type { TReplyChunk } from '../chat-model.ts';
import { createOllamaModel } from './ollama.ts';

describe('Ollama provider', () => {
  let server: TFakeOpenAI;
  let base: string;

  beforeAll(async () => {
    // The fake also answers Ollama's GET /api/tags, listing `llama3.2:latest`.
    server = await startFakeOpenAI({ model: 'llama3.2' });
    base = server.url.replace(/\/v1$/, '');
  });
  afterAll(() => server.close());

  it('streams through the /v1 endpoint', async () => {
    const model = createOllamaModel({ baseUrl: base, model: 'llama3.2' });
    const chunks: TReplyChunk[] = [];
    for await (const chunk of model.streamReply({
      messages: [{ role: 'user', content: 'Hi there' }],
      withThoughts: false,
    })) {
      chunks.push(chunk);
    }
    expect(model.id).toBe('ollama:llama3.2');
    expect(chunks.map((c) => c.text).join('')).toBe('Hi there… I hear you.');
    expect(server.requests.at(-1)?.model).toBe('llama3.2');
  });

  it('is available only when Ollama answers and has the model', async () => {
    expect(await createOllamaModel({ baseUrl: base, model: 'llama3.2' }).isAvailable()).toBe(true);
    expect(await createOllamaModel({ baseUrl: base, model: 'llama3.2:latest' }).isAvailable()).toBe(true);
    expect(await createOllamaModel({ baseUrl: base, model: 'mistral' }).isAvailable()).toBe(false);
    expect(await createOllamaModel({ baseUrl: 'http://127.0.0.1:9', model: 'llama3.2' }).isAvailable()).toBe(
      false,
    );
  });
});
