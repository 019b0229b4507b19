import { describe, expect, it } from 'vitest';
import { joinerOf } from './continue-reply.ts';

describe('joinerOf (what goes between a reply and its continuation)', () => {
  it('a space between words', () => {
    expect(joinerOf('Once, under a sky', 'full of stars')).toBe(' ');
  });
  it('nothing before punctuation, after a space or a line break, or for an empty reply', () => {
    expect(joinerOf('Once, under a sky', ', she said')).toBe('');
    expect(joinerOf('Once, under a sky', '… and then')).toBe('');
    expect(joinerOf('The end.\n', 'A new line')).toBe('');
    expect(joinerOf('', 'Hello')).toBe('');
  });
});
