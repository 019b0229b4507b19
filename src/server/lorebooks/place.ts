// Groups a scan's entries by where they go in the prompt, each group in insertion order.
import type { TActivatedEntry } from './scan.ts';

export type TPlacedLore = {
  /** Text placed before the character definition. */
  beforeChar: string;
  /** Text placed right after the character definition. */
  afterChar: string;
  /** Text inserted into the chat, `depth` messages from its end (0 = after the last message). */
  atDepth: { depth: number; content: string }[];
};

export const NO_LORE: TPlacedLore = { beforeChar: '', afterChar: '', atDepth: [] };

// A lower insertion order is placed higher (earlier), as the Character Card V2 spec says.
const byInsertion = (a: TActivatedEntry, b: TActivatedEntry) => a.insertionOrder - b.insertionOrder;

const joined = (entries: TActivatedEntry[]) =>
  entries
    .map((entry) => entry.content.trim())
    .filter((content) => content !== '')
    .join('\n');

export function placeLore(entries: TActivatedEntry[]): TPlacedLore {
  const sorted = [...entries].sort(byInsertion);
  const depths = [...new Set(sorted.filter((e) => e.position === 'at_depth').map((e) => e.depth))].sort(
    (a, b) => b - a,
  );
  return {
    beforeChar: joined(sorted.filter((e) => e.position === 'before_char')),
    afterChar: joined(sorted.filter((e) => e.position === 'after_char')),
    atDepth: depths
      .map((depth) => ({
        depth,
        content: joined(sorted.filter((e) => e.position === 'at_depth' && e.depth === depth)),
      }))
      .filter((group) => group.content !== ''),
  };
}
