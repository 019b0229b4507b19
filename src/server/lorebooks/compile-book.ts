// Compiles a book's entries once (keys to matchers), kept in a small cache keyed by the book's version.
import type { TLorebookSettings, TLoreEntryFields } from '../../shared/lorebooks.ts';
import { compileKey, type TCompiledKey } from './key-matcher.ts';

export type TScanEntry = TLoreEntryFields & { id: string };

export type TScanBook = {
  id: string;
  name: string;
  settings: TLorebookSettings;
  entries: TScanEntry[];
  /** Set when the book is stored (e.g. its id and update time): the compiled keys are then reused. */
  version?: string;
};

export type TCompiledEntry = {
  entry: TScanEntry;
  keys: TCompiledKey[];
  secondaryKeys: TCompiledKey[];
};

export type TRefusedKey = { entryId: string; key: string; reason: string };

export type TCompiledBook = { entries: TCompiledEntry[]; refused: TRefusedKey[] };

const CACHE_SIZE = 256;
const cache = new Map<string, TCompiledBook>();

function compile(book: TScanBook): TCompiledBook {
  const refused: TRefusedKey[] = [];
  const entries: TCompiledEntry[] = [];
  for (const entry of book.entries) {
    if (!entry.enabled) continue;
    const options = { caseSensitive: entry.caseSensitive, matchWholeWords: entry.matchWholeWords };
    const compileAll = (keys: string[]) =>
      keys.map((key) => {
        const compiled = compileKey(key, options);
        if (compiled.kind === 'refused') refused.push({ entryId: entry.id, key, reason: compiled.reason });
        return compiled;
      });
    entries.push({ entry, keys: compileAll(entry.keys), secondaryKeys: compileAll(entry.secondaryKeys) });
  }
  return { entries, refused };
}

export function compileBook(book: TScanBook): TCompiledBook {
  if (book.version === undefined) return compile(book);
  const key = `${book.id}@${book.version}`;
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last, so the oldest is the one evicted.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const compiled = compile(book);
  cache.set(key, compiled);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return compiled;
}
