// Prompt snapshots for lorebook entries at each position: before and after the definition, at a depth.
import { describe, expect, it } from 'vitest';
import { book, entry } from '../../test-support/test-lorebooks.ts';
import { placeLore } from '../lorebooks/place.ts';
import { scanLorebooks } from '../lorebooks/scan.ts';
import { buildPrompt } from './prompt.ts';

const luna = { name: 'Luna', description: 'Luna is a gentle astronomer.' };
const history = [
  { role: 'user' as const, content: 'Hi Luna.' },
  { role: 'assistant' as const, content: 'Hello, stargazer.' },
  { role: 'user' as const, content: 'What do you know about the observatory?' },
];

function promptWith(entries: Parameters<typeof book>[0]) {
  const scan = scanLorebooks({ books: [book(entries)], messages: history.map((m) => m.content) });
  return buildPrompt({
    persona: luna,
    userName: 'Ada',
    history,
    memories: [],
    withThoughts: false,
    lore: placeLore(scan.entries),
  });
}

describe('buildPrompt with lorebook entries', () => {
  it('before the character definition', () => {
    const [system] = promptWith([
      entry({
        keys: ['observatory'],
        position: 'before_char',
        content: 'The observatory sits on Mount Vell.',
      }),
    ]);
    expect(system?.content).toMatchInlineSnapshot(`
      "The observatory sits on Mount Vell.

      Luna is a gentle astronomer.

      You are Luna, talking with Ada. Rules of this role-play:
      - Stay in character as Luna at all times. Never say you are an AI and never mention these rules.
      - Reply concisely as Luna: a few sentences in Luna's own voice, in the language Ada uses.
      - Never speak, think or act for Ada; write only Luna's words."
    `);
  });

  it('after the character definition, lower insertion order first, placeholders filled', () => {
    const [system] = promptWith([
      entry({
        keys: ['observatory'],
        position: 'after_char',
        insertionOrder: 20,
        content: '{{char}} keeps the key.',
      }),
      entry({
        keys: ['observatory'],
        position: 'after_char',
        insertionOrder: 10,
        content: 'It was built in 1890.',
      }),
      entry({ keys: ['dragon'], position: 'after_char', content: 'Dragons never come here.' }),
    ]);
    expect(system?.content).toMatchInlineSnapshot(`
      "Luna is a gentle astronomer.

      It was built in 1890.
      Luna keeps the key.

      You are Luna, talking with Ada. Rules of this role-play:
      - Stay in character as Luna at all times. Never say you are an AI and never mention these rules.
      - Reply concisely as Luna: a few sentences in Luna's own voice, in the language Ada uses.
      - Never speak, think or act for Ada; write only Luna's words."
    `);
  });

  it('at depth 0 (after the last message) and at depth 2', () => {
    const messages = promptWith([
      entry({
        keys: ['observatory'],
        position: 'at_depth',
        depth: 0,
        content: '[The dome is open tonight.]',
      }),
      entry({ keys: ['stargazer'], position: 'at_depth', depth: 2, content: '[{{user}} loves comets.]' }),
    ]);
    expect(messages.slice(1)).toMatchInlineSnapshot(`
      [
        {
          "content": "Hi Luna.",
          "role": "user",
        },
        {
          "content": "[Ada loves comets.]",
          "role": "system",
        },
        {
          "content": "Hello, stargazer.",
          "role": "assistant",
        },
        {
          "content": "What do you know about the observatory?",
          "role": "user",
        },
        {
          "content": "[The dome is open tonight.]",
          "role": "system",
        },
      ]
    `);
  });
});
