import { describe, expect, it } from 'vitest';
import { isTrivialMessage } from './trivial.ts';

describe('isTrivialMessage', () => {
  it('drops greetings, thanks, laughter and fillers', () => {
    for (const text of [
      'ok',
      'lol',
      'hi',
      'thanks',
      'what?',
      'Thank you so much!!',
      'hahaha',
      'okay cool',
      'hi there 👋',
      '',
      '...',
      'hmmm',
      'LOOOL',
    ]) {
      expect(isTrivialMessage(text), text).toBe(true);
    }
  });
  it('keeps anything that says something', () => {
    for (const text of [
      "I'm sad today",
      'My dog Biscuit is sick',
      'I got the job!',
      'interview tomorrow',
      'ok so my mum is in hospital',
    ]) {
      expect(isTrivialMessage(text), text).toBe(false);
    }
  });
});
