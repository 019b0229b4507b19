import { describe, expect, it } from 'vitest';
import { isQuestionAboutNothingPersonal, isTrivialMessage } from './trivial.ts';

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

describe('isQuestionAboutNothingPersonal', () => {
  it('passes over questions to the companion', () => {
    for (const text of [
      'How was your day?',
      'What is the capital of Peru?',
      'How is the road today, friend number 7?',
      'do you like rain?? 🌧',
      'Where did you grow up?!',
    ]) {
      expect(isQuestionAboutNothingPersonal(text), text).toBe(true);
    }
  });
  it('keeps statements, and questions that speak of the person', () => {
    for (const text of [
      'My exam is on Friday',
      'Can you remind me about my exam?',
      "I'm moving to Porto, what do you think?",
      'Do you remember what we did last summer?',
      'Guess what',
      'My sister had her baby!',
    ]) {
      expect(isQuestionAboutNothingPersonal(text), text).toBe(false);
    }
  });
});
