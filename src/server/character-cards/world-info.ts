// SillyTavern's world info JSON (`{ entries: { "0": {...} } }`) to Kindred's lorebook fields and back.
import { LOREBOOK_LIMITS, type TLoreEntryFields } from '../../shared/lorebooks.ts';
import { CardError } from './card-error.ts';
import {
  entryFromCard,
  positionFromSillyTavern,
  positionToSillyTavern,
  ST_LOGIC,
  settingsFromCard,
  type TCodecBook,
  type TCodecEntry,
} from './character-book.ts';
import { parseJsonObject } from './safe-json.ts';

type TJson = Record<string, unknown>;

const isObject = (value: unknown): value is TJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A world info entry read as a card entry (the same fields under SillyTavern's own names). */
function asCardEntry(raw: TJson): TJson {
  const position = positionFromSillyTavern(raw.position) ?? 'before_char';
  return {
    keys: raw.key,
    secondary_keys: raw.keysecondary,
    selective: raw.selective ?? true,
    content: raw.content,
    enabled: raw.disable !== true,
    constant: raw.constant,
    insertion_order: raw.order,
    case_sensitive: raw.caseSensitive ?? undefined,
    comment: raw.comment,
    extensions: {
      position: positionToSillyTavern(position),
      depth: raw.depth,
      selectiveLogic: raw.selectiveLogic,
      probability: raw.probability,
      useProbability: raw.useProbability,
      match_whole_words: raw.matchWholeWords ?? undefined,
    },
  };
}

export function entryFromWorldInfo(raw: TJson): TLoreEntryFields {
  return entryFromCard(asCardEntry(raw));
}

/** Reads a SillyTavern world info file (also accepts a bare card `character_book`). */
export function parseWorldInfo(bytes: Buffer, fallbackName: string): TCodecBook {
  const json = parseJsonObject(bytes);
  if (Array.isArray(json.entries)) {
    const book = bookFromCardBook(json);
    return { ...book, name: book.name || fallbackName };
  }
  if (!isObject(json.entries)) throw new CardError('card_malformed', 'The file is not a world info book.');
  const raws = Object.values(json.entries).filter(isObject);
  if (raws.length > LOREBOOK_LIMITS.entriesPerBook) {
    throw new CardError(
      'card_malformed',
      `The book has more than ${LOREBOOK_LIMITS.entriesPerBook} entries.`,
    );
  }
  raws.sort((a, b) => num(a.displayIndex, num(a.uid, 0)) - num(b.displayIndex, num(b.uid, 0)));
  const { entries: _entries, ...source } = json;
  return {
    name:
      (typeof json.name === 'string' && json.name.trim()) || fallbackName.slice(0, LOREBOOK_LIMITS.nameChars),
    description: typeof json.description === 'string' ? json.description : '',
    settings: settingsFromCard({}),
    entries: raws.map((raw) => ({
      fields: entryFromWorldInfo(raw),
      source: { ...raw, __format: 'world_info' },
    })),
    source: { ...source, __format: 'world_info' },
  };
}

function bookFromCardBook(json: TJson): TCodecBook {
  const entries = (json.entries as unknown[]).filter(isObject);
  const { entries: _entries, ...source } = json;
  return {
    name: typeof json.name === 'string' ? json.name : '',
    description: typeof json.description === 'string' ? json.description : '',
    settings: settingsFromCard(json),
    entries: entries.map((raw) => ({ fields: entryFromCard(raw), source: raw })),
    source,
  };
}

function worldInfoEntry(entry: TCodecEntry, index: number): TJson {
  const { fields } = entry;
  const fromWorldInfo = entry.source?.__format === 'world_info';
  const raw: TJson = fromWorldInfo ? { ...(entry.source as TJson) } : {};
  delete raw.__format;
  const was = fromWorldInfo ? entryFromWorldInfo(raw) : null;
  const changed = (field: keyof TLoreEntryFields) => !was || !same(was[field], fields[field]);
  raw.uid = fromWorldInfo ? raw.uid : index;
  if (changed('keys')) raw.key = fields.keys;
  if (changed('secondaryKeys')) {
    raw.keysecondary = fields.secondaryKeys;
    raw.selective = true;
  }
  if (changed('selectiveLogic')) raw.selectiveLogic = ST_LOGIC.indexOf(fields.selectiveLogic);
  if (changed('content')) raw.content = fields.content;
  if (changed('enabled')) raw.disable = !fields.enabled;
  if (changed('constant')) raw.constant = fields.constant;
  if (changed('insertionOrder')) raw.order = fields.insertionOrder;
  if (changed('position')) raw.position = positionToSillyTavern(fields.position);
  if (changed('depth')) raw.depth = fields.depth;
  if (changed('caseSensitive')) raw.caseSensitive = fields.caseSensitive;
  if (changed('matchWholeWords')) raw.matchWholeWords = fields.matchWholeWords;
  if (changed('probability')) {
    raw.probability = fields.probability;
    raw.useProbability = true;
  }
  if (changed('comment')) raw.comment = fields.comment;
  if (!fromWorldInfo) raw.displayIndex = index;
  return raw;
}

/** SillyTavern world info JSON: entries keyed by uid; an imported file comes back as it was. */
export function writeWorldInfo(book: TCodecBook): string {
  const fromWorldInfo = book.source?.__format === 'world_info';
  const head: TJson = fromWorldInfo ? { ...(book.source as TJson) } : { name: book.name };
  delete head.__format;
  const entries = book.entries.map(worldInfoEntry);
  const object = { ...head, entries: Object.fromEntries(entries.map((entry) => [String(entry.uid), entry])) };
  return `${JSON.stringify(object, null, 2)}\n`;
}
