// Example dialogues (a card's mes_example, `<START>` blocks) taken out of a persona as example turns.
import type { TChatTurn } from './chat-model.ts';

const LABEL = /(^|\n)\s*Example dialogue:\s*\n/i;
const START = /^\s*<START>\s*$/im;

export type TExampleSplit = { description: string; blocks: TChatTurn[][] };

/**
 * Splits the persona's "Example dialogue:" section (how a card's mes_example is stored) into blocks of
 * turns: lines starting "{{userName}}:" / "{{user}}:" are the person's, "<character name>:" /
 * "{{char}}:" the character's; a line without a speaker continues the turn before it.
 */
export function splitExampleDialogue(description: string, characterName: string): TExampleSplit {
  const label = LABEL.exec(description);
  if (!label) return { description, blocks: [] };
  const before = description.slice(0, label.index).trimEnd();
  const section = description.slice(label.index + label[0].length);
  // The section ends at the next labelled section, if the person wrote one after it.
  const end = section.search(/\n\s*\n(?=[A-Z][\w ]{0,30}:\s*\n)/);
  const examples = end === -1 ? section : section.slice(0, end);
  const after = end === -1 ? '' : section.slice(end).trim();

  const name = characterName.trim().toLowerCase();
  const speakerOf = (line: string): { role: 'user' | 'assistant'; text: string } | null => {
    const match = /^\s*([^:\n]{1,60}):\s?(.*)$/.exec(line);
    if (!match) return null;
    const speaker = (match[1] ?? '').trim().toLowerCase();
    const text = match[2] ?? '';
    if (/^\{\{\s*(username|user)\s*\}\}$/.test(speaker) || speaker === '<user>')
      return { role: 'user', text };
    if (speaker === name || /^\{\{\s*char\s*\}\}$/.test(speaker) || speaker === '<bot>') {
      return { role: 'assistant', text };
    }
    return null;
  };

  const blocks = examples
    .split(START)
    .map((block) => {
      const turns: TChatTurn[] = [];
      for (const line of block.split('\n')) {
        const spoken = speakerOf(line);
        const last = turns[turns.length - 1];
        if (spoken) turns.push({ role: spoken.role, content: spoken.text });
        else if (last && line.trim() !== '') last.content = `${last.content}\n${line}`;
      }
      return turns
        .map((turn) => ({ ...turn, content: turn.content.trim() }))
        .filter((turn) => turn.content !== '');
    })
    .filter((turns) => turns.some((turn) => turn.role === 'assistant'));
  // Nothing readable as turns: the section stays in the persona as text.
  if (blocks.length === 0) return { description, blocks: [] };
  return { description: [before, after].filter((part) => part !== '').join('\n\n'), blocks };
}
