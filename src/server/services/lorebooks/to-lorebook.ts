// Stored lorebook rows to the shapes the API answers with and the scanner and codec take.
import type { TLorebook, TLorebookSummary, TLoreEntry, TLoreEntryFields } from '../../../shared/lorebooks.ts';
import type { TCodecBook } from '../../character-cards/character-book.ts';
import type { TLorebookEntryRow, TLorebookRow } from '../../db/schema.ts';
import type { TScanBook } from '../../lorebooks/scan.ts';

export function entryFields(row: TLorebookEntryRow): TLoreEntryFields {
  return {
    keys: row.keys,
    secondaryKeys: row.secondaryKeys,
    selectiveLogic: row.selectiveLogic,
    content: row.content,
    enabled: row.enabled,
    constant: row.constant,
    insertionOrder: row.insertionOrder,
    position: row.position,
    depth: row.depth,
    caseSensitive: row.caseSensitive,
    matchWholeWords: row.matchWholeWords,
    probability: row.probability,
    comment: row.comment,
  };
}

export const toEntry = (row: TLorebookEntryRow): TLoreEntry => ({ id: row.id, ...entryFields(row) });

export const settingsOf = (book: TLorebookRow) => ({
  scanDepth: book.scanDepth,
  tokenBudget: book.tokenBudget,
  recursiveScanning: book.recursiveScanning,
  maxRecursionSteps: book.maxRecursionSteps,
});

export function toSummary(book: TLorebookRow, entryCount: number, userId: number): TLorebookSummary {
  return {
    id: book.id,
    name: book.name,
    description: book.description,
    alwaysOn: book.alwaysOn,
    characterId: book.characterId,
    entryCount,
    canEdit: book.userId === userId,
    settings: settingsOf(book),
  };
}

export function toLorebook(book: TLorebookRow, entries: TLorebookEntryRow[], userId: number): TLorebook {
  return { ...toSummary(book, entries.length, userId), entries: entries.map(toEntry) };
}

export function toScanBook(book: TLorebookRow, entries: TLorebookEntryRow[]): TScanBook {
  return {
    id: String(book.id),
    name: book.name,
    settings: settingsOf(book),
    entries: entries.map((row) => ({ ...entryFields(row), id: String(row.id) })),
    version: `${book.updatedAt.getTime()}`,
  };
}

export function toCodecBook(book: TLorebookRow, entries: TLorebookEntryRow[]): TCodecBook {
  return {
    name: book.name,
    description: book.description,
    settings: settingsOf(book),
    entries: entries.map((row) => ({ fields: entryFields(row), source: row.source })),
    source: book.source,
  };
}
