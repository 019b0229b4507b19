import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { ModelUnavailableError } from './chat-model.ts';
import { selectModels, type TSelectModelsOptions } from './select-models.ts';

// Nothing listens on port 9 (discard) here: a refused connection, like an Ollama that is not running.
const NOWHERE = 'http://127.0.0.1:9';

describe('selectModels', () => {
  let dir: string;
  let fake: TFakeOpenAI;
  let options: TSelectModelsOptions;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kindred-select-'));
    // The fake lists `llama3.2:latest` on /api/tags, so its base URL doubles as a running Ollama.
    fake = await startFakeOpenAI({ model: 'llama3.2' });
    options = {
      ollamaBaseUrl: NOWHERE,
      ollamaModel: 'llama3.2',
      openaiModel: 'gpt-4o-mini',
      llamaModelPath: join(dir, 'models', 'missing.gguf'),
    };
  });
  afterAll(async () => {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('with nothing configured or running, no model and a message telling how to get one', async () => {
    const models = await selectModels(options);
    expect(models.local).toBeNull();
    expect(models.remote).toBeNull();
    const picking = models.pickModel('local');
    await expect(picking).rejects.toBeInstanceOf(ModelUnavailableError);
    await expect(picking).rejects.toThrow(
      'Set OPENAI_BASE_URL/OPENAI_API_KEY, run Ollama, or run `npm run model:download`',
    );
    await expect(models.pickModel('remote')).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('prefers a running Ollama for local, and falls back to it for remote', async () => {
    const models = await selectModels({ ...options, ollamaBaseUrl: fake.url.replace(/\/v1$/, '') });
    expect(models.local?.id).toBe('ollama:llama3.2');
    expect(models.remote).toBeNull();
    expect((await models.pickModel('remote')).id).toBe('ollama:llama3.2');
  });

  it('uses the embedded model when Ollama is not running and the GGUF exists', async () => {
    const path = join(dir, 'model.gguf');
    await writeFile(path, 'GGUF');
    const models = await selectModels({ ...options, llamaModelPath: path });
    expect(models.local?.id).toBe('llama-cpp:model.gguf');
    expect((await models.pickModel('local')).id).toBe('llama-cpp:model.gguf');
  });

  it('configures the remote model from a base URL or an API key, and local falls back to it', async () => {
    const models = await selectModels({ ...options, openaiBaseUrl: fake.url });
    expect(models.remote?.id).toBe('openai-compatible:gpt-4o-mini');
    expect(models.local).toBeNull();
    expect((await models.pickModel('remote')).id).toBe('openai-compatible:gpt-4o-mini');
    expect((await models.pickModel('local')).id).toBe('openai-compatible:gpt-4o-mini');
    const byKey = await selectModels({ ...options, openaiApiKey: 'sk-x' });
    expect(byKey.remote?.id).toBe('openai-compatible:gpt-4o-mini');
  });

  it('notices a model file that appears after start-up', async () => {
    const path = join(dir, 'later.gguf');
    const models = await selectModels({ ...options, llamaModelPath: path });
    await expect(models.pickModel('local')).rejects.toBeInstanceOf(ModelUnavailableError);
    await writeFile(path, 'GGUF');
    // Availability answers are cached for 5 s: move the clock past that.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6000);
      expect((await models.pickModel('local')).id).toBe('llama-cpp:later.gguf');
    } finally {
      vi.useRealTimers();
    }
  });
});
