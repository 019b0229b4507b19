// Turns a lorebook key into a test over the scanned text: plain words (case, whole words) or a regex.
import { parseRegexKey, regexKeyProblem } from './regex-keys.ts';

export type TMatchOptions = { caseSensitive: boolean; matchWholeWords: boolean };

/** A plain key is tested here; a regex key is handed to the time-boxed runner. */
export type TCompiledKey =
  | { kind: 'plain'; test: (text: TScanText) => boolean }
  | { kind: 'regex'; regex: RegExp }
  | { kind: 'refused'; reason: string };

/** The scanned text, its lower-case form and its sets of words, each made on first use. */
export type TScanText = {
  raw: string;
  lower: () => string;
  words: (caseSensitive: boolean) => Set<string>;
};

const NON_WORD = /[^\p{L}\p{N}\p{M}_]+/u;

/** `before` (if given) is the text scanned so far: its word sets are extended, not rebuilt. */
export function scanText(raw: string, before?: TScanText, added?: TScanText): TScanText {
  let lower: string | undefined;
  const sets: { raw?: Set<string>; lower?: Set<string> } = {};
  const text: TScanText = {
    raw,
    lower: () => {
      lower ??= raw.toLowerCase();
      return lower;
    },
    words: (caseSensitive) => {
      const key = caseSensitive ? 'raw' : 'lower';
      const made = sets[key];
      if (made) return made;
      let words: Set<string>;
      if (before && added) {
        words = new Set(before.words(caseSensitive));
        for (const word of added.words(caseSensitive)) words.add(word);
      } else words = new Set((caseSensitive ? raw : text.lower()).split(NON_WORD));
      sets[key] = words;
      return words;
    },
  };
  return text;
}

/** A key that is one word in a spaced script: a whole-word match is a set lookup. */
const ONE_WORD = /^[\p{L}\p{N}\p{M}_]+$/u;

// Scripts written without spaces between words: a whole-word test would never match inside them.
const SPACELESS_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;

export function compileKey(key: string, options: TMatchOptions): TCompiledKey {
  if (parseRegexKey(key)) {
    const problem = regexKeyProblem(key);
    if (problem) return { kind: 'refused', reason: problem };
    const parsed = parseRegexKey(key) as { source: string; flags: string };
    // The entry's case setting applies unless the key says `i` itself.
    const flags = new Set(parsed.flags);
    if (!options.caseSensitive) flags.add('i');
    return { kind: 'regex', regex: new RegExp(parsed.source, [...flags].join('')) };
  }
  const word = key.trim();
  if (word === '') return { kind: 'refused', reason: 'empty key' };
  if (!options.matchWholeWords || SPACELESS_SCRIPT.test(word)) {
    if (options.caseSensitive) return { kind: 'plain', test: (text) => text.raw.includes(word) };
    const lower = word.toLowerCase();
    return { kind: 'plain', test: (text) => text.lower().includes(lower) };
  }
  const needle = options.caseSensitive ? word : word.toLowerCase();
  if (ONE_WORD.test(needle)) {
    return { kind: 'plain', test: (text) => text.words(options.caseSensitive).has(needle) };
  }
  return {
    kind: 'plain',
    test: (text) => hasWholeWord(options.caseSensitive ? text.raw : text.lower(), needle),
  };
}

// A word character in any alphabet (\b only knows ASCII letters).
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

function isWordCharBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start) ?? 32));
}

function isWordCharAt(text: string, at: number): boolean {
  if (at >= text.length) return false;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(at) ?? 32));
}

/** Each occurrence found by indexOf, accepted when no word character touches it: no regex per key. */
function hasWholeWord(text: string, needle: string): boolean {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (!isWordCharBefore(text, at) && !isWordCharAt(text, at + needle.length)) return true;
  }
  return false;
}
