// Scans a chat against lorebooks: activates entries by key, logic and chance, recurses, then fits the budget.
import type { TLorePosition } from '../../shared/lorebooks.ts';
import { estimateTokens } from '../lib/estimate-tokens.ts';
import { compileBook, type TCompiledEntry, type TRefusedKey, type TScanBook } from './compile-book.ts';
import { scanText, type TCompiledKey, type TScanText } from './key-matcher.ts';
import { type TRegexTest, testRegexes } from './regex-runner.ts';

export type { TScanBook, TScanEntry } from './compile-book.ts';

export type TScanInput = {
  books: TScanBook[];
  /** The chat's message texts, oldest first, ending with the message being answered. */
  messages: string[];
  /** For probabilities: a number in [0, 1). Tests pass a seeded one. */
  random?: () => number;
  /** The whole scan's time box for regex keys. */
  regexTimeoutMs?: number;
};

export type TActivatedEntry = {
  bookId: string;
  bookName: string;
  entryId: string;
  comment: string;
  content: string;
  position: TLorePosition;
  depth: number;
  insertionOrder: number;
  constant: boolean;
  tokens: number;
  /** 0 for the chat scan (or constant), n for the n-th recursive step. */
  step: number;
};

export type TScanResult = {
  /** What goes in the prompt, most important first (constant, then higher insertion order). */
  entries: TActivatedEntry[];
  /** Activated but over the book's token budget. */
  dropped: TActivatedEntry[];
  refusedKeys: TRefusedKey[];
  /** The regex time box ran out: some regex keys were not tested. */
  timedOut: boolean;
};

export const DEFAULT_REGEX_TIMEOUT_MS = 50;

/** One step's texts: the new text (primary keys) and everything scanned so far (secondary keys). */
type TPass = { newText: TScanText; fullText: TScanText; regexResults: Map<RegExp, boolean> };

function keyMatches(key: TCompiledKey, text: TScanText, regexResults: Map<RegExp, boolean>): boolean {
  if (key.kind === 'plain') return key.test(text);
  if (key.kind === 'regex') return regexResults.get(key.regex) ?? false;
  return false;
}

function secondaryMatches(compiled: TCompiledEntry, pass: TPass): boolean {
  const secondary = compiled.secondaryKeys;
  if (secondary.length === 0) return true;
  const matches = (key: TCompiledKey) => keyMatches(key, pass.fullText, pass.regexResults);
  switch (compiled.entry.selectiveLogic) {
    case 'and_any':
      return secondary.some(matches);
    case 'and_all':
      return secondary.every(matches);
    case 'not_any':
      return !secondary.some(matches);
    case 'not_all':
      return !secondary.every(matches);
  }
}

function regexTests(keys: TCompiledKey[], text: number): TRegexTest[] {
  return keys.flatMap((key) => (key.kind === 'regex' ? [{ regex: key.regex, text }] : []));
}

/** Constant first, then the higher insertion order; ties keep the book's own order. */
export function byImportance(a: TActivatedEntry, b: TActivatedEntry): number {
  if (a.constant !== b.constant) return a.constant ? -1 : 1;
  return b.insertionOrder - a.insertionOrder;
}

function scanBook(
  book: TScanBook,
  messages: string[],
  random: () => number,
  deadline: number,
): { activated: TActivatedEntry[]; refused: TRefusedKey[]; timedOut: boolean } {
  const { entries, refused } = compileBook(book);
  const { scanDepth, recursiveScanning, maxRecursionSteps } = book.settings;
  const chatText = messages.slice(-scanDepth).join('\n');
  const activated: TActivatedEntry[] = [];
  const settled = new Set<TCompiledEntry>();
  let timedOut = false;

  const activate = (compiled: TCompiledEntry, step: number) => {
    settled.add(compiled);
    const { entry } = compiled;
    // A failed roll is final for this reply, as in SillyTavern: recursion does not re-roll it.
    if (entry.probability < 100 && random() * 100 >= entry.probability) return;
    activated.push({
      bookId: book.id,
      bookName: book.name,
      entryId: entry.id,
      comment: entry.comment,
      content: entry.content,
      position: entry.position,
      depth: entry.depth,
      insertionOrder: entry.insertionOrder,
      constant: entry.constant,
      tokens: estimateTokens(entry.content),
      step,
    });
  };

  for (const compiled of entries) if (compiled.entry.constant) activate(compiled, 0);

  // An entry not activated by earlier text can only be activated by new text: each recursive step
  // scans the contents activated by the step before for primary keys, and everything for secondary ones.
  const primaryHit = new Set<TCompiledEntry>();
  let newText = scanText(chatText);
  let fullText = newText;
  const lastStep = recursiveScanning ? maxRecursionSteps : 0;
  for (let step = 0; step <= lastStep; step += 1) {
    const candidates = entries.filter((compiled) => !settled.has(compiled));
    if (candidates.length === 0) break;
    const tests = candidates.flatMap((compiled) => [
      ...(primaryHit.has(compiled) ? [] : regexTests(compiled.keys, 0)),
      ...regexTests(compiled.secondaryKeys, 1),
    ]);
    const run = testRegexes(tests, [newText.raw, fullText.raw], Math.max(1, deadline - performance.now()));
    timedOut ||= run.timedOut;
    const pass: TPass = {
      newText,
      fullText,
      regexResults: new Map(tests.map((test, index) => [test.regex, run.results[index] ?? false])),
    };
    const before = activated.length;
    for (const compiled of candidates) {
      if (!primaryHit.has(compiled)) {
        if (!compiled.keys.some((key) => keyMatches(key, pass.newText, pass.regexResults))) continue;
        primaryHit.add(compiled);
      }
      if (secondaryMatches(compiled, pass)) activate(compiled, step);
    }
    if (timedOut) break;
    // Constant entries' text counts as new for the first recursive step.
    const added = (step === 0 ? activated : activated.slice(before)).map((entry) => entry.content);
    if (added.length === 0 || (step > 0 && activated.length === before)) break;
    newText = scanText(added.join('\n'));
    fullText = scanText(`${fullText.raw}\n${newText.raw}`, fullText, newText);
  }
  return { activated, refused, timedOut };
}

function fitBudget(activated: TActivatedEntry[], budget: number) {
  const sorted = [...activated].sort(byImportance);
  const kept: TActivatedEntry[] = [];
  const dropped: TActivatedEntry[] = [];
  let used = 0;
  for (const entry of sorted) {
    // Once one does not fit, every less important one goes too: the lowest entries are the ones dropped.
    if (dropped.length === 0 && used + entry.tokens <= budget) {
      kept.push(entry);
      used += entry.tokens;
    } else dropped.push(entry);
  }
  return { kept, dropped };
}

export function scanLorebooks(input: TScanInput): TScanResult {
  const random = input.random ?? Math.random;
  const deadline = performance.now() + (input.regexTimeoutMs ?? DEFAULT_REGEX_TIMEOUT_MS);
  const result: TScanResult = { entries: [], dropped: [], refusedKeys: [], timedOut: false };
  for (const book of input.books) {
    const scanned = scanBook(book, input.messages, random, deadline);
    const { kept, dropped } = fitBudget(scanned.activated, book.settings.tokenBudget);
    result.entries.push(...kept);
    result.dropped.push(...dropped);
    result.refusedKeys.push(...scanned.refused);
    result.timedOut ||= scanned.timedOut;
  }
  result.entries.sort(byImportance);
  return result;
}
