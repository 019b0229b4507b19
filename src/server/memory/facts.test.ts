import { describe, expect, it } from 'vitest';
import { modelAnswering } from '../../test-support/json-models.ts';
import { parseDecision, reconcileFact } from './facts.ts';

const kept = [
  { id: 41, fact: 'Sam lives in Paris', happensOn: null },
  { id: 57, fact: 'Sam plans to visit Rome', happensOn: '2026-12-05' },
];

describe('reconcileFact', () => {
  it('shows the kept facts numbered (with their days), never their ids, and maps the number back', async () => {
    const { model, calls } = modelAnswering({ action: 'update', target: 1, fact: 'Sam lives in Berlin' });
    const decision = await reconcileFact(model, { fact: 'Sam moved to Berlin', happensOn: null, kept });
    expect(decision).toEqual({ action: 'update', id: 41, fact: 'Sam lives in Berlin' });
    expect(calls[0]?.messages.at(-1)?.content).toBe(
      'Kept facts:\n1. Sam lives in Paris\n2. Sam plans to visit Rome (date 2026-12-05)\nNew fact: Sam moved to Berlin',
    );
  });
  it('nothing kept to compare with, or no JSON mode: add, without asking', async () => {
    const { model, calls } = modelAnswering({ action: 'delete', target: 1, fact: null });
    expect(await reconcileFact(model, { fact: 'Sam likes tea', happensOn: null, kept: [] })).toEqual({
      action: 'add',
    });
    expect(calls).toHaveLength(0);
    const { completeJson: _drop, ...withoutJson } = model;
    expect(await reconcileFact(withoutJson, { fact: 'Sam likes tea', happensOn: null, kept })).toEqual({
      action: 'add',
    });
  });
  it('an error or a string that is not JSON: add', async () => {
    for (const answer of [new Error('boom'), 'not json']) {
      const { model } = modelAnswering(answer);
      expect(await reconcileFact(model, { fact: 'Sam likes tea', happensOn: null, kept })).toEqual({
        action: 'add',
      });
    }
  });
});

describe('parseDecision', () => {
  it('reads each action; anything unusable adds', () => {
    expect(parseDecision({ action: 'delete', target: 2, fact: null }, kept)).toEqual({
      action: 'delete',
      id: 57,
      fact: null,
    });
    expect(parseDecision({ action: 'none', target: 1, fact: null }, kept)).toEqual({
      action: 'none',
      id: 41,
    });
    for (const bad of [
      { action: 'update', target: 1, fact: null },
      { action: 'update', target: 3, fact: 'Sam lives in Rome' },
      { action: 'delete', target: 0, fact: null },
      { action: 'merge', target: 1, fact: 'x' },
      { action: 'none' },
      null,
    ]) {
      expect(parseDecision(bad, kept)).toEqual({ action: 'add' });
    }
  });
});
