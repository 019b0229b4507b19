import { describe, expect, it } from 'vitest';
import { setUpTinyGguf } from '../../../test-support/tiny-gguf-suite.ts';
import { RECONCILE_SCHEMA } from '../../memory/facts.ts';
import { JUDGE_SCHEMA } from '../../memory/judge.ts';
import { createLlamaCppModel } from './llama-cpp.ts';

describe('llama.cpp completeJson', () => {
  const gguf = setUpTinyGguf('kindred-llama-json-', 'tiny.gguf', (modelPath) =>
    createLlamaCppModel({ modelPath, gpu: false, contextSize: 512, seed: 7 }),
  );

  it('a grammar keeps even a random-weight model to the judge schema', { timeout: 120_000 }, async () => {
    const answer = await gguf.model.completeJson?.({
      messages: [
        { role: 'system', content: 'Answer with JSON.' },
        { role: 'user', content: 'Person: My exam is on Monday' },
      ],
      schema: JUDGE_SCHEMA,
      maxTokens: 64,
    });
    expect(answer).toEqual({
      remember: expect.any(Boolean),
      importance: expect.any(Number),
      facts: expect.any(Array),
    });
  });

  it('and to the schema of a decision about kept facts', { timeout: 120_000 }, async () => {
    const answer = await gguf.model.completeJson?.({
      messages: [
        { role: 'system', content: 'Answer with JSON.' },
        { role: 'user', content: 'Kept facts:\n1. Sam lives in Paris\nNew fact: Sam moved to Berlin' },
      ],
      schema: RECONCILE_SCHEMA,
      maxTokens: 400,
    });
    expect(answer).toMatchObject({ action: expect.stringMatching(/^(add|update|delete|none)$/) });
  });
});
