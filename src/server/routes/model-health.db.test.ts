// Kindred without a model that can answer (503 in plain words, the message kept), and /ollama-health
// with a local model running.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { SERAPHINE } from '../../test-support/message-calls.ts';
import { NOWHERE } from '../../test-support/reply-test-app.ts';
import { setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, createTestApp } from '../../test-support/test-app.ts';
import { chatLogs } from '../db/schema.ts';

describe('when no model can answer', () => {
  const bare = setUpTestApp({ OLLAMA_BASE_URL: NOWHERE });

  // More in model-failures.db.test.ts: the message is kept, and what each failure says.
  it('replies 503 in plain words on both paths, keeping the message; /ollama-health is unhealthy', async () => {
    const user = await createSignedInUser(bare.database);
    for (const path of ['/assistant-reply-original', '/assistant-reply-openai']) {
      const res = await call(bare, 'POST', path, {
        user,
        json: { userId: user.id, characterId: SERAPHINE, userInput: 'Anyone?' },
      });
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'model_unavailable', message: 'This Kindred has no model yet.' });
    }
    expect(await bare.database.db.select().from(chatLogs).where(eq(chatLogs.userId, user.id))).toHaveLength(
      2,
    );
    const health = await call(bare, 'GET', '/ollama-health', { user });
    expect(await health.json()).toEqual({ healthy: false });
    expect((await call(bare, 'GET', '/ollama-health')).status).toBe(401);
  });
});

describe('GET /ollama-health with a local model running', () => {
  it('is healthy when Ollama answers with the model', async () => {
    const ollama = await startFakeOpenAI({ model: 'llama3.2' });
    const local = await createTestApp({
      OLLAMA_BASE_URL: ollama.url.replace(/\/v1$/, ''),
      OLLAMA_MODEL: 'llama3.2',
    });
    try {
      const user = await createSignedInUser(local.database);
      const res = await call(local, 'GET', '/ollama-health', { user });
      expect(await res.json()).toEqual({ healthy: true });
      const reply = await call(local, 'POST', '/assistant-reply-original', {
        user,
        json: { userId: user.id, characterId: SERAPHINE, userInput: 'Hello Ollama' },
      });
      expect(reply.status).toBe(200);
      expect(ollama.requests.at(-1)?.model).toBe('llama3.2');
    } finally {
      await local.close();
      await ollama.close();
    }
  });
});
