import { describe, expect, it } from 'vitest';
import { buildPrompt } from './prompt.ts';

describe('a group speaker’s prompt', () => {
  it('has the speaker’s definition, a line per other member, and the history attributed by name', () => {
    const messages = buildPrompt({
      persona: { name: 'Rook', description: 'You are Rook, a thief.' },
      userName: 'Ada',
      history: [
        { role: 'user', content: 'Rook, Juniper: a riddle?' },
        { role: 'assistant', content: 'Why is a raven like a desk?', speaker: 'Juniper Hale' },
        { role: 'assistant', content: 'Because I stole both.', speaker: 'Rook' },
        { role: 'user', content: 'Ha!' },
      ],
      memories: [],
      withThoughts: false,
      group: {
        others: [
          { name: 'Juniper Hale', tagline: 'A librarian' },
          { name: 'Seraphine Vale', tagline: '' },
        ],
      },
    });
    expect(messages).toMatchSnapshot();
    expect(messages[0]?.content).toContain('- Juniper Hale: A librarian\n- Seraphine Vale\n');
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Ada: Rook, Juniper: a riddle?' },
      { role: 'user', content: 'Juniper Hale: Why is a raven like a desk?' },
      { role: 'assistant', content: 'Because I stole both.' },
      { role: 'user', content: 'Ada: Ha!' },
    ]);
  });

  it('a one-character chat is unchanged: no group lines, no names in front of messages', () => {
    const messages = buildPrompt({
      persona: { name: 'Rook', description: 'You are Rook.' },
      userName: 'Ada',
      history: [{ role: 'user', content: 'Hi' }],
      memories: [],
      withThoughts: false,
    });
    expect(messages[0]?.content).not.toContain('group chat');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Hi' });
  });
});
