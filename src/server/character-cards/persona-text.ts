// Turns card fields into Kindred's persona, tagline and greeting text, and back.

import type { TCardV3Data } from './card-schema.ts';
import { CARD_LIMITS } from './limits.ts';

const USER_MACRO = /\{\{\s*user\s*\}\}|<user>/gi;
const CHAR_MACRO = /\{\{\s*char\s*\}\}|<bot>/gi;
// The placeholder Kindred's prompt builder fills with the signed-in person's name.
const KINDRED_USER = '{{userName}}';

/** Card macros to Kindred's: the character's name is fixed text here, the user's stays a placeholder. */
export function toKindredText(text: string, characterName: string): string {
  return text.replace(CHAR_MACRO, () => characterName.trim()).replace(USER_MACRO, KINDRED_USER);
}

export function toCardText(text: string): string {
  return text.replaceAll(KINDRED_USER, '{{user}}');
}

/** Description first and unlabelled, so a card with only a description round-trips as plain text. */
export function composePersona(card: TCardV3Data): string {
  const sections: [string, string][] = [
    ['', card.description],
    ['Personality:', card.personality],
    ['Scenario:', card.scenario],
    ['Example dialogue:', card.mes_example],
  ];
  return sections
    .map(([label, text]) => [label, toKindredText(text, card.name).trim()] as const)
    .filter(([, text]) => text !== '')
    .map(([label, text]) => (label ? `${label}\n${text}` : text))
    .join('\n\n');
}

export function greetingOf(card: TCardV3Data): string | null {
  return toKindredText(card.first_mes, card.name).trim() || null;
}

/** Creator notes are often HTML or markdown meant for a card site; a tagline is plain text. */
function plainLine(line: string): string {
  return line
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^[\s#>*_\-=~`|]+|[\s*_~`|]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cutTo(text: string, limit: number): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  const head = chars.slice(0, limit - 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  // Cut at a word boundary unless that would throw away most of the line.
  const cut = lastSpace > limit * 0.6 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd()}…`;
}

// Enough text for any tagline; also bounds the regex work on hostile megabyte-long lines.
const TAGLINE_SCAN_CHARS = 2000;

/** First line of the creator notes, else the first sentence of the description. */
export function taglineOf(card: TCardV3Data): string {
  const notes = toKindredText(card.creator_notes.slice(0, TAGLINE_SCAN_CHARS), card.name);
  for (const line of notes.split(/\r?\n/)) {
    const plain = plainLine(line);
    if (plain !== '') return cutTo(plain, CARD_LIMITS.taglineChars);
  }
  const description = toKindredText(card.description.slice(0, TAGLINE_SCAN_CHARS), card.name).trim();
  const firstParagraph = description.split(/\n\s*\n/)[0] ?? '';
  const sentence = /^.*?[.!?](?=\s|$)/s.exec(firstParagraph)?.[0] ?? firstParagraph;
  return cutTo(sentence.replace(/\s+/g, ' ').trim(), CARD_LIMITS.taglineChars);
}

export function tagsOf(card: TCardV3Data): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of card.tags) {
    const tag = raw.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}
