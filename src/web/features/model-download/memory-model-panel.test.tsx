import { describe, expect, it } from 'vitest';
import { describeReembed } from './memory-model-panel.tsx';

describe('the memory model panel’s re-embed line', () => {
  it('counts memories as the owner reads them', () => {
    expect(describeReembed({ state: 'running', done: 1234, total: 5000 })).toBe(
      'Re-embedding memories: 1,234 of 5,000',
    );
    expect(describeReembed({ state: 'done', done: 1 })).toBe('Re-embedded 1 memory.');
    expect(describeReembed({ state: 'done', done: 5000 })).toBe('Re-embedded 5,000 memories.');
    expect(describeReembed({ state: 'failed', done: 32, total: 40 })).toBe(
      'Re-embedding stopped at 32 of 40; it goes on at the next start.',
    );
    expect(describeReembed({ state: 'idle' })).toBeNull();
  });
});
