// /admin's model states against real HTTP servers: one that answers, a wrong key, nothing listening.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../../test-support/fake-openai-server.ts';
import { freePort } from '../../../test-support/local-server.ts';
import { loadConfig } from '../../config.ts';
import { modelStates } from './model-states.ts';

let model: TFakeOpenAI;
/** A port nothing listens on (taken, then let go). */
let closedPort: number;
beforeAll(async () => {
  model = await startFakeOpenAI({ model: 'llama3.2', apiKey: 'right-key' });
  closedPort = await freePort();
});
afterAll(() => model.close());

const config = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-states-')), ...env });

describe('modelStates', () => {
  it('says which model answers, which does not and why', async () => {
    const states = await modelStates(
      config({
        OLLAMA_BASE_URL: `http://127.0.0.1:${closedPort}`,
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'right-key',
        OPENAI_MODEL: 'llama3.2',
      }),
      { file: 'model.gguf', isPresent: false },
    );
    expect(states.map((s) => [s.name, s.state])).toEqual([
      ['Ollama llama3.2', 'not answering'],
      ['OpenAI-compatible llama3.2', 'answering'],
      ['Embedded model.gguf', 'not downloaded'],
    ]);
    expect(states[0]?.lastError).toMatch(/ECONNREFUSED/);
    expect(states[1]?.lastError).toBeNull();
  });

  it('reports a refused key and a missing Ollama model', async () => {
    const states = await modelStates(
      config({
        OLLAMA_BASE_URL: model.url.replace(/\/v1$/, ''),
        OLLAMA_MODEL: 'mistral',
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: 'wrong-key',
      }),
      { file: 'model.gguf', isPresent: true },
    );
    expect(states[0]).toMatchObject({ state: 'not answering' });
    expect(states[0]?.lastError).toMatch(/HTTP 401|no model mistral/);
    expect(states[1]).toMatchObject({
      state: 'not answering',
      lastError: expect.stringContaining('HTTP 401'),
    });
    expect(states[2]).toMatchObject({ state: 'answering' });
  });
});
