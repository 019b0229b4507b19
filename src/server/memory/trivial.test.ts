import { describe, expect, it } from 'vitest';
import { isQuestionAboutNothingPersonal, isTrivialMessage } from './trivial.ts';

describe('isTrivialMessage', () => {
  it.each([
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
  ])('drops greetings, thanks, laughter and fillers: %j', (text) => {
    expect(isTrivialMessage(text)).toBe(true);
  });
  it.each([
    "I'm sad today",
    'My dog Biscuit is sick',
    'I got the job!',
    'interview tomorrow',
    'ok so my mum is in hospital',
  ])('keeps anything that says something: %j', (text) => {
    expect(isTrivialMessage(text)).toBe(false);
  });
});

describe('isQuestionAboutNothingPersonal', () => {
  it.each([
    'How was your day?',
    'What is the capital of Peru?',
    'How is the road today, friend number 7?',
    'do you like rain?? 🌧',
    'Where did you grow up?!',
  ])('passes over questions to the companion: %j', (text) => {
    expect(isQuestionAboutNothingPersonal(text)).toBe(true);
  });
  it.each([
    'My exam is on Friday',
    'Can you remind me about my exam?',
    "I'm moving to Porto, what do you think?",
    'Do you remember what we did last summer?',
    'Guess what',
    'My sister had her baby!',
  ])('keeps statements, and questions that speak of the person: %j', (text) => {
    expect(isQuestionAboutNothingPersonal(text)).toBe(false);
  });
});
