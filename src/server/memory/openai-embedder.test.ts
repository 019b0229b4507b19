import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../../test-support/fake-openai-answers.ts';
import { startFakeOpenAI, type TFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { cosine, EMBEDDING_DIMENSIONS } from './embedder.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';

let fake: TFakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-embed' });
});
afterAll(() => fake.close());

describe('the remote encoder (OpenAI-compatible /v1/embeddings)', () => {
  it('gives one unit vector per text, in order, named by its model', async () => {
    const embedder = createOpenAIEmbedder({ baseURL: fake.url, model: 'fake-embed', apiKey: 'sk-embed' });
    expect(embedder.id).toBe('openai-compatible:fake-embed');
    const texts = ['My dog is called Biscuit', 'I love my dog Biscuit', 'The tax form is due'];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(3);
    for (const [i, v] of vectors.entries()) {
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(cosine(v, fakeEmbedding(texts[i]!))).toBeCloseTo(1, 6);
    }
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(cosine(vectors[0]!, vectors[2]!));
    expect(await embedder.embed([])).toEqual([]);
  });

  it('fails clearly when the endpoint refuses (wrong key) or fails', async () => {
    const wrongKey = createOpenAIEmbedder({ baseURL: fake.url, model: 'fake-embed', apiKey: 'nope' });
    await expect(wrongKey.embed(['hello'])).rejects.toThrow(/answered 401/);
    const embedder = createOpenAIEmbedder({ baseURL: fake.url, model: 'fake-embed', apiKey: 'sk-embed' });
    fake.setMode('fail');
    try {
      await expect(embedder.embed(['hello'])).rejects.toThrow(/answered 500/);
    } finally {
      fake.setMode('ok');
    }
  });
});
