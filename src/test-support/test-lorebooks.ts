// Small lorebooks built in code for the scanner's tests and bench.
import type { TScanBook, TScanEntry } from '../server/lorebooks/compile-book.ts';
import {
  DEFAULT_LOREBOOK_SETTINGS,
  type TLorebookSettings,
  type TLoreEntryInput,
  ZLoreEntryInput,
} from '../shared/lorebooks.ts';

export function entry(fields: TLoreEntryInput & { id?: string }): TScanEntry {
  const parsed = ZLoreEntryInput.parse(fields);
  return { ...parsed, id: fields.id ?? fields.content.slice(0, 12) };
}

export function book(entries: TScanEntry[], settings: Partial<TLorebookSettings> = {}, id = 'b1'): TScanBook {
  return { id, name: `Book ${id}`, settings: { ...DEFAULT_LOREBOOK_SETTINGS, ...settings }, entries };
}
