// Adding, changing and deleting the entries of a person's own lorebook.
import { LOREBOOK_LIMITS, type TLoreEntry, type TLoreEntryFields } from '../../../shared/lorebooks.ts';
import type { TDb } from '../../db/client.ts';
import {
  deleteEntry as deleteEntryRow,
  insertEntry,
  updateEntry as updateEntryRow,
} from '../../db/queries/lorebooks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { notOwned } from './manage-lorebooks.ts';
import { toEntry } from './to-lorebook.ts';
import { assertSafeKeys } from './validate-entry.ts';

type TEntryKey = { userId: number; lorebookId: number };

export async function addEntry(db: TDb, key: TEntryKey, fields: TLoreEntryFields): Promise<TLoreEntry> {
  assertSafeKeys(fields);
  const row = await insertEntry(db, { ...key, fields, maxEntries: LOREBOOK_LIMITS.entriesPerBook });
  if (row === 'full') {
    throw new AppError('conflict', `A lorebook holds at most ${LOREBOOK_LIMITS.entriesPerBook} entries.`);
  }
  if (!row) throw await notOwned(db, key.userId, key.lorebookId);
  return toEntry(row);
}

export async function updateEntry(
  db: TDb,
  key: TEntryKey & { entryId: number },
  fields: TLoreEntryFields,
): Promise<TLoreEntry> {
  assertSafeKeys(fields);
  const row = await updateEntryRow(db, key.userId, key.lorebookId, key.entryId, fields);
  if (row) return toEntry(row);
  const error = await notOwned(db, key.userId, key.lorebookId);
  throw error.code === 'conflict' ? notFound('Entry') : error;
}

export async function deleteEntry(db: TDb, key: TEntryKey & { entryId: number }): Promise<{ deleted: true }> {
  if (await deleteEntryRow(db, key.userId, key.lorebookId, key.entryId)) return { deleted: true };
  const error = await notOwned(db, key.userId, key.lorebookId);
  throw error.code === 'conflict' ? notFound('Entry') : error;
}
