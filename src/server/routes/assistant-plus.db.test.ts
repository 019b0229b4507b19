import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { call, createSignedInUser, createTestApp, type TTestApp } from '../../test-support/test-app.ts';

// The plan reaches the model choice: with PLUS_OPENAI_MODEL set, Plus replies come from that model.
let fake: TFakeOpenAI;
let t: TTestApp;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test' });
  t = await createTestApp({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'gpt-free',
    PLUS_OPENAI_MODEL: 'gpt-plus',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('PLUS_OPENAI_MODEL', () => {
  it('answers Plus with the Plus model and free with the default one', async () => {
    const free = await createSignedInUser(t.database);
    const plus = await createSignedInUser(t.database, { isSubscribed: true });
    for (const [user, model] of [
      [free, 'gpt-free'],
      [plus, 'gpt-plus'],
    ] as const) {
      const res = await call(t, 'POST', '/assistant-reply-openai', {
        user,
        json: { userId: user.id, characterId: 1, userInput: `Hello from ${model}` },
      });
      expect(res.status).toBe(200);
      const request = fake.requests.find((r) => r.messages.at(-1)?.content.includes(`Hello from ${model}`));
      expect(request?.model).toBe(model);
    }
  });
});
