// SillyTavern world info files: a person imports one as a new book, and exports any book they can read.
import type { TLorebook } from '../../../shared/lorebooks.ts';
import { CardError } from '../../character-cards/card-error.ts';
import { parseWorldInfo, writeWorldInfo } from '../../character-cards/world-info.ts';
import type { TDb } from '../../db/client.ts';
import { findReadableLorebook, listEntries } from '../../db/queries/lorebooks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createLorebook } from './manage-lorebooks.ts';
import { toCodecBook } from './to-lorebook.ts';

export async function importWorldInfo(
  db: TDb,
  opts: { userId: number; bytes: Buffer; filename: string },
): Promise<TLorebook> {
  let book: ReturnType<typeof parseWorldInfo>;
  try {
    book = parseWorldInfo(
      opts.bytes,
      opts.filename.replace(/\.json$/i, '').slice(0, 100) || 'Imported lorebook',
    );
  } catch (error) {
    if (error instanceof CardError) throw new AppError('bad_request', error.message);
    throw error;
  }
  // Runaway regex keys are kept, so the file exports as it came: the scanner refuses to run them.
  return createLorebook(db, {
    userId: opts.userId,
    input: {
      name: book.name.trim() || 'Imported lorebook',
      description: book.description,
      settings: book.settings,
    },
    entries: book.entries,
    source: book.source,
  });
}

export async function exportWorldInfo(
  db: TDb,
  userId: number,
  id: number,
): Promise<{ name: string; json: string }> {
  const found = await findReadableLorebook(db, userId, id);
  if (!found) throw notFound('Lorebook');
  const entries = await listEntries(db, id);
  return { name: found.book.name, json: writeWorldInfo(toCodecBook(found.book, entries)) };
}
