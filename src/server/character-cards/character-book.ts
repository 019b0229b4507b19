// A card's `character_book` (Character Card V2/V3) to Kindred's lorebook fields and back, losslessly.
import {
  DEFAULT_LOREBOOK_SETTINGS,
  LOREBOOK_LIMITS,
  type TLorebookSettings,
  type TLoreEntryFields,
  type TLorePosition,
  type TSelectiveLogic,
} from '../../shared/lorebooks.ts';
import { CardError } from './card-error.ts';

type TJson = Record<string, unknown>;

/** One entry: Kindred's fields, and the object it was read from (unknown fields and extensions). */
export type TCodecEntry = { fields: TLoreEntryFields; source: TJson | null };

export type TCodecBook = {
  name: string;
  description: string;
  settings: TLorebookSettings;
  entries: TCodecEntry[];
  /** The book object it was read from, without its entries, or null for a book made in Kindred. */
  source: TJson | null;
};

const isObject = (value: unknown): value is TJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const clampInt = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.round(value)))
    : fallback;
const keyList = (value: unknown): string[] => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim().slice(0, LOREBOOK_LIMITS.keyChars))
    .filter((item) => item !== '')
    .slice(0, LOREBOOK_LIMITS.keysPerEntry);
};

// SillyTavern's numbers for selective logic and position (kept in card entry extensions).
export const ST_LOGIC: TSelectiveLogic[] = ['and_any', 'not_all', 'not_any', 'and_all'];
/** 0 before the definition, 1 after, 2/3 around the author's note, 4 at depth, 5/6 around the examples. */
export function positionFromSillyTavern(value: unknown): TLorePosition | null {
  if (typeof value !== 'number') return null;
  if (value === 4) return 'at_depth';
  return value === 0 || value === 2 || value === 5 ? 'before_char' : 'after_char';
}
export function positionToSillyTavern(position: TLorePosition): number {
  return position === 'at_depth' ? 4 : position === 'before_char' ? 0 : 1;
}

/** Reads one V2/V3 entry, taking SillyTavern's extension fields where the spec has none. */
export function entryFromCard(raw: TJson): TLoreEntryFields {
  const ext = isObject(raw.extensions) ? raw.extensions : {};
  const selective = bool(raw.selective, true);
  const position =
    positionFromSillyTavern(ext.position) ?? (raw.position === 'after_char' ? 'after_char' : 'before_char');
  const useProbability = bool(ext.useProbability, true);
  return {
    keys: keyList(raw.keys),
    // The spec applies secondary keys only to a selective entry.
    secondaryKeys: selective ? keyList(raw.secondary_keys) : [],
    selectiveLogic: ST_LOGIC[clampInt(ext.selectiveLogic, 0, 3, 0)] ?? 'and_any',
    content: text(raw.content).slice(0, LOREBOOK_LIMITS.contentChars),
    enabled: bool(raw.enabled, true),
    constant: bool(raw.constant, false),
    insertionOrder: clampInt(raw.insertion_order, -100000, 100000, 100),
    position,
    depth: clampInt(ext.depth, 0, LOREBOOK_LIMITS.depthMax, 4),
    caseSensitive: bool(raw.case_sensitive, bool(ext.case_sensitive, false)),
    matchWholeWords: bool(ext.match_whole_words, true),
    probability: useProbability ? clampInt(ext.probability, 0, 100, 100) : 100,
    comment: (text(raw.comment) || text(raw.name)).slice(0, LOREBOOK_LIMITS.commentChars),
  };
}

export function settingsFromCard(raw: TJson): TLorebookSettings {
  const d = DEFAULT_LOREBOOK_SETTINGS;
  return {
    scanDepth: clampInt(raw.scan_depth, 1, LOREBOOK_LIMITS.scanDepthMax, d.scanDepth),
    tokenBudget: clampInt(raw.token_budget, 1, LOREBOOK_LIMITS.tokenBudgetMax, d.tokenBudget),
    recursiveScanning: bool(raw.recursive_scanning, d.recursiveScanning),
    maxRecursionSteps: d.maxRecursionSteps,
  };
}

export function bookFromCard(characterBook: unknown): TCodecBook | null {
  if (!isObject(characterBook) || !Array.isArray(characterBook.entries)) return null;
  const entries = characterBook.entries.filter(isObject);
  if (entries.length > LOREBOOK_LIMITS.entriesPerBook) {
    throw new CardError(
      'card_malformed',
      `The card's lorebook has more than ${LOREBOOK_LIMITS.entriesPerBook} entries.`,
    );
  }
  const { entries: _entries, ...source } = characterBook;
  return {
    name: text(characterBook.name).slice(0, LOREBOOK_LIMITS.nameChars),
    description: text(characterBook.description).slice(0, LOREBOOK_LIMITS.descriptionChars),
    settings: settingsFromCard(characterBook),
    entries: entries.map((raw) => ({ fields: entryFromCard(raw), source: raw })),
    source,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Writes one entry: fields that still read as they were keep their original form, edits are written out. */
export function entryToCard(entry: TCodecEntry, index: number): TJson {
  const { fields } = entry;
  const raw: TJson = entry.source ? structuredClone(entry.source) : { id: index + 1 };
  const was = entry.source ? entryFromCard(entry.source) : null;
  const ext: TJson = isObject(raw.extensions) ? { ...raw.extensions } : {};
  const changed = (field: keyof TLoreEntryFields) => !was || !same(was[field], fields[field]);

  if (changed('keys')) raw.keys = fields.keys;
  if (changed('secondaryKeys')) {
    raw.secondary_keys = fields.secondaryKeys;
    raw.selective = fields.secondaryKeys.length > 0 || bool(raw.selective, false);
  }
  if (changed('selectiveLogic')) ext.selectiveLogic = ST_LOGIC.indexOf(fields.selectiveLogic);
  if (changed('content')) raw.content = fields.content;
  if (changed('enabled')) raw.enabled = fields.enabled;
  if (changed('constant')) raw.constant = fields.constant;
  if (changed('insertionOrder')) raw.insertion_order = fields.insertionOrder;
  if (changed('position')) {
    raw.position = fields.position === 'after_char' ? 'after_char' : 'before_char';
    ext.position = positionToSillyTavern(fields.position);
  }
  if (changed('depth')) ext.depth = fields.depth;
  if (changed('caseSensitive')) raw.case_sensitive = fields.caseSensitive;
  if (changed('matchWholeWords')) ext.match_whole_words = fields.matchWholeWords;
  if (changed('probability')) {
    ext.probability = fields.probability;
    ext.useProbability = true;
  }
  if (changed('comment')) raw.comment = fields.comment;
  if (!same(ext, isObject(raw.extensions) ? raw.extensions : {}) || !entry.source) raw.extensions = ext;
  return raw;
}

/** The `character_book` a card export carries: the imported one exactly, with Kindred's edits applied. */
export function bookToCard(book: TCodecBook): TJson {
  const raw: TJson = book.source ? structuredClone(book.source) : { extensions: {} };
  const was = book.source ? settingsFromCard(book.source) : null;
  if (!book.source || text(book.source.name) !== book.name) raw.name = book.name;
  if (!book.source || text(book.source.description) !== book.description) raw.description = book.description;
  if (!was || was.scanDepth !== book.settings.scanDepth) raw.scan_depth = book.settings.scanDepth;
  if (!was || was.tokenBudget !== book.settings.tokenBudget) raw.token_budget = book.settings.tokenBudget;
  if (!was || was.recursiveScanning !== book.settings.recursiveScanning) {
    raw.recursive_scanning = book.settings.recursiveScanning;
  }
  raw.entries = book.entries.map(entryToCard);
  return raw;
}
