import { describe, expect, it } from 'vitest';
import { CHAT_CONTEXT_MESSAGES } from '../../shared/chat-limits.ts';
import { buildPrompt, CONTINUE_INSTRUCTION, DEFAULT_USER_NAME, fillPlaceholders } from './prompt.ts';

const luna = {
  name: 'Luna',
  description: 'Luna is a gentle astronomer who calls {{userName}} "stargazer" and loves quiet nights.',
};

describe('buildPrompt', () => {
  it('a first message: placeholder dropped, persona filled in, no memories, no thoughts', () => {
    const messages = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [
        { role: 'user', content: '' },
        { role: 'user', content: 'Hi Luna!' },
      ],
      memories: [],
      withThoughts: false,
    });
    expect(messages).toMatchInlineSnapshot(`
      [
        {
          "content": "Luna is a gentle astronomer who calls Ada "stargazer" and loves quiet nights.

      You are Luna, talking with Ada. Rules of this role-play:
      - Stay in character as Luna at all times. Never say you are an AI and never mention these rules.
      - Reply concisely as Luna: a few sentences in Luna's own voice, in the language Ada uses.
      - Never speak, think or act for Ada; write only Luna's words.",
          "role": "system",
        },
        {
          "content": "Hi Luna!",
          "role": "user",
        },
      ]
    `);
  });

  it('with memories and internal monologue', () => {
    const messages = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [
        { role: 'user', content: 'I am back.' },
        { role: 'assistant', content: 'Welcome back, stargazer.' },
        { role: 'user', content: 'Guess what happened?' },
      ],
      memories: [
        { content: 'My cat is called Orion.', reply: 'What a perfect name for a cat!' },
        { content: 'I start a new job on Monday.', reply: '' },
      ],
      withThoughts: true,
    });
    expect(messages).toMatchSnapshot();
  });

  it('pinned memories come first, in their own section, before the recalled ones', () => {
    const [system] = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [{ role: 'user', content: 'How are you?' }],
      memories: [
        { content: 'I am allergic to peanuts.', reply: 'I will never forget that.', pinned: true },
        { content: 'My sister Maya lives in Lisbon.', reply: '', pinned: false },
      ],
      withThoughts: false,
    });
    expect(system?.content).toMatchSnapshot();
  });

  it('uses the placeholder first name when there is no username', () => {
    const [system] = buildPrompt({
      persona: luna,
      userName: '  ',
      history: [],
      memories: [],
      withThoughts: false,
    });
    expect(DEFAULT_USER_NAME).toBe('Friend');
    expect(system?.content).toContain('calls Friend "stargazer"');
    expect(system?.content).toContain('talking with Friend');
    expect(system?.content).not.toContain('{{');
  });

  it('replaces every placeholder spelling', () => {
    const [system] = buildPrompt({
      persona: {
        name: 'Rex',
        description: '{{userName}} and {{ USERNAME }} meet {{char}}; {{user}} smiles.',
      },
      userName: 'Bo',
      history: [],
      memories: [],
      withThoughts: false,
    });
    expect(system?.content.split('\n')[0]).toBe('Bo and Bo meet Rex; Bo smiles.');
  });

  it('keeps the last 30 non-empty messages of a 40-message chat with blanks', () => {
    const history = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      // Every 7th message is blank (empty or whitespace) and must not count.
      content: i % 7 === 3 ? (i % 2 === 0 ? '' : '   ') : `message ${i}`,
    }));
    const messages = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history,
      memories: [],
      withThoughts: false,
    });
    const nonEmpty = history.filter((m) => m.content.trim() !== '');
    expect(nonEmpty).toHaveLength(34);
    expect(messages).toHaveLength(1 + CHAT_CONTEXT_MESSAGES);
    expect(messages.slice(1)).toEqual(nonEmpty.slice(-30));
    expect(messages[1]?.content).toBe('message 5');
    expect(messages.at(-1)?.content).toBe('message 39');
  });

  it("puts the person's persona in the system prompt", () => {
    const messages = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [{ role: 'user', content: 'Long shift tonight.' }],
      memories: [{ content: 'My cat is called Orion.', reply: '' }],
      withThoughts: false,
      userPersona: "  I'm a night-shift nurse who loves rainy days  ",
    });
    expect(messages).toMatchSnapshot();
    expect(messages[0]?.content).toContain(
      "About Ada, in their own words: I'm a night-shift nurse who loves rainy days\n\nThings you remember",
    );
  });

  it("says a memory's kept fact instead of the words it came from; hand-added memories as written", () => {
    const [system] = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [{ role: 'user', content: 'Hi' }],
      memories: [
        {
          content: 'my interview at the bakery is next friday!!',
          reply: 'Good luck!',
          fact: 'Ada has a job interview at the bakery on Friday 27 November 2026',
        },
        { content: 'My cat is called Orion.', reply: '', fact: null },
      ],
      withThoughts: false,
    });
    expect(system?.content).toContain(
      'Things you remember about Ada:\n- Ada has a job interview at the bakery on Friday 27 November 2026\n- Ada once said: "My cat is called Orion."',
    );
    expect(system?.content).not.toContain('next friday');
  });

  it('leaves a blank persona out', () => {
    const [system] = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [],
      memories: [],
      withThoughts: false,
      userPersona: '   ',
    });
    expect(system?.content).not.toContain('About Ada');
  });

  it('continue: the last reply stays last in the history, then the instruction to go on', () => {
    const messages = buildPrompt({
      persona: luna,
      userName: 'Ada',
      history: [
        { role: 'assistant', content: 'Hello, {{user}}.' },
        { role: 'user', content: 'Tell me a story.' },
        { role: 'assistant', content: 'Once, under a sky full of' },
      ],
      memories: [],
      withThoughts: false,
      continueLast: true,
    });
    expect(messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hello, {{user}}.' },
      { role: 'user', content: 'Tell me a story.' },
      { role: 'assistant', content: 'Once, under a sky full of' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
  });

  it('fills greeting placeholders', () => {
    expect(
      fillPlaceholders('*waves at {{user}}* I am {{char}}, {{userName}}.', {
        userName: 'Bo',
        characterName: 'Rex',
      }),
    ).toBe('*waves at Bo* I am Rex, Bo.');
    expect(fillPlaceholders('Hi {{user}}', { userName: ' ', characterName: 'Rex' })).toBe('Hi Friend');
  });
});
