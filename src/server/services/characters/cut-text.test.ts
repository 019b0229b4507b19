import { describe, expect, it } from 'vitest';
import { cutText } from './cut-text.ts';

describe('cutText', () => {
  it('keeps text within the limit and cuts longer text to the limit with an ellipsis', () => {
    expect(cutText('  Orrin  ', 20)).toBe('Orrin');
    expect(cutText('Captain Seraphina Vale of the Northern Fleet', 20)).toBe('Captain Seraphina V…');
    expect(cutText('x'.repeat(1001), 1000)).toHaveLength(1000);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const cut = cutText('ab🏴cd'.repeat(10), 6);
    expect(cut.length).toBeLessThanOrEqual(6);
    expect(cut).toBe('ab🏴c…');
  });
});
