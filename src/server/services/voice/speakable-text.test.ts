import { describe, expect, it } from 'vitest';
import { hasWords, lastSentenceEnd, speakableText } from './speakable-text.ts';

describe('speakableText', () => {
  it('drops *stage directions* and markdown marks', () => {
    expect(speakableText('*smiles warmly* Hello, **friend**. _Sit_ down. *nods*')).toBe(
      'Hello, friend. Sit down.',
    );
  });
  it('keeps nothing to say when there are only directions', () => {
    expect(hasWords(speakableText('*waves*'))).toBe(false);
  });
});

describe('lastSentenceEnd', () => {
  it('cuts after a complete sentence followed by a space, not before the next one is done', () => {
    const text = 'Well met. The fire is small but';
    expect(text.slice(0, lastSentenceEnd(text, 0))).toBe('Well met.');
  });
  it('waits for the space after the stop (the sentence may go on: 3.5, "etc.")', () => {
    expect(lastSentenceEnd('It costs 3.', 0)).toBe(0);
  });
  it('does not cut inside an unclosed stage direction', () => {
    const text = 'Hi there! *She laughs. Then';
    expect(text.slice(0, lastSentenceEnd(text, 0))).toBe('Hi there!');
  });
  it('takes closing quotes with the sentence and works from an offset', () => {
    const text = 'One. "Two!" Three';
    expect(text.slice(5, lastSentenceEnd(text, 5))).toBe('"Two!"');
  });
});
