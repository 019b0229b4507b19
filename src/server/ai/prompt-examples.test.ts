// Example dialogues (a card's mes_example) as example turns, dropped first when the context is short.
import { describe, expect, it } from 'vitest';
import { seraphinaCard } from '../../test-support/seraphina-card.ts';
import { normaliseCard } from '../character-cards/normalise-card.ts';
import { composePersona } from '../character-cards/persona-text.ts';
import { splitExampleDialogue } from './example-dialogue.ts';
import { buildPrompt } from './prompt.ts';

const card = normaliseCard(structuredClone(seraphinaCard));
const persona = { name: 'Seraphina', description: composePersona(card) };
const history = [
  { role: 'user' as const, content: 'Hello?' },
  { role: 'assistant' as const, content: 'You are awake.' },
  { role: 'user' as const, content: 'What happened to me?' },
];

describe('example dialogues', () => {
  it('reads <START> blocks into turns and takes them out of the persona text', () => {
    const split = splitExampleDialogue(persona.description, 'Seraphina');
    expect(split.description).not.toContain('Example dialogue');
    expect(split.description).toContain('Scenario:');
    expect(split.blocks).toEqual([
      [
        { role: 'user', content: 'Where am I?' },
        { role: 'assistant', content: '*She smiles softly.* In my glade, deep in Eldoria. Rest a while.' },
      ],
      [
        { role: 'user', content: 'Who are you?' },
        { role: 'assistant', content: 'I am Seraphina, guardian of this forest.' },
      ],
    ]);
  });

  it('go in as example turns between the definition and the chat', () => {
    const messages = buildPrompt({ persona, userName: 'Ada', history, memories: [], withThoughts: false });
    expect(messages.slice(1).map((m) => `${m.role}: ${m.content}`)).toMatchInlineSnapshot(`
      [
        "system: [Example chat: how Seraphina talks. It did not happen.]",
        "user: Where am I?",
        "assistant: *She smiles softly.* In my glade, deep in Eldoria. Rest a while.",
        "system: [Example chat: how Seraphina talks. It did not happen.]",
        "user: Who are you?",
        "assistant: I am Seraphina, guardian of this forest.",
        "system: [Start a new chat]",
        "user: Hello?",
        "assistant: You are awake.",
        "user: What happened to me?",
      ]
    `);
  });

  it('are dropped first when the context is short, before any message of the chat', () => {
    const full = buildPrompt({ persona, userName: 'Ada', history, memories: [], withThoughts: false });
    const systemTokens = Math.ceil((full[0]?.content.length ?? 0) / 4) + 4;
    const short = buildPrompt({
      persona,
      userName: 'Ada',
      history,
      memories: [],
      withThoughts: false,
      contextTokens: systemTokens + 40,
    });
    expect(short.slice(1)).toEqual(history);
    const shorter = buildPrompt({
      persona,
      userName: 'Ada',
      history,
      memories: [],
      withThoughts: false,
      contextTokens: systemTokens + 12,
    });
    expect(shorter.slice(1)).toEqual([history[2]]);
  });
});
