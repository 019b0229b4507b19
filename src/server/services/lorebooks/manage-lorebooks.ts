// A person's lorebooks: list, read (theirs, or a built-in character's), create, change and delete.
import {
  LOREBOOK_LIMITS,
  type TLorebook,
  type TLorebookInput,
  type TLorebookPatch,
  type TLorebookSummary,
  ZLorebookInput,
} from '../../../shared/lorebooks.ts';
import type { TDb } from '../../db/client.ts';
import {
  countOwnLorebooks,
  deleteLorebook as deleteLorebookRow,
  findOwnLorebook,
  findReadableLorebook,
  insertLorebook,
  listEntries,
  listOwnLorebooks,
  type TNewEntry,
  updateLorebook as updateLorebookRow,
} from '../../db/queries/lorebooks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toLorebook, toSummary } from './to-lorebook.ts';

export async function listLorebooks(db: TDb, userId: number): Promise<TLorebookSummary[]> {
  const rows = await listOwnLorebooks(db, userId);
  return rows.map((row) => toSummary(row.book, row.entryCount, userId));
}

export async function getLorebook(db: TDb, userId: number, id: number): Promise<TLorebook> {
  const found = await findReadableLorebook(db, userId, id);
  if (!found) throw notFound('Lorebook');
  return toLorebook(found.book, await listEntries(db, id), userId);
}

export async function assertRoomForBook(db: TDb, userId: number): Promise<void> {
  if ((await countOwnLorebooks(db, userId)) >= LOREBOOK_LIMITS.booksPerPerson) {
    throw new AppError('conflict', `You can keep at most ${LOREBOOK_LIMITS.booksPerPerson} lorebooks.`);
  }
}

export async function createLorebook(
  db: TDb,
  opts: {
    userId: number;
    input: TLorebookInput;
    characterId?: number;
    entries?: TNewEntry[];
    source?: Record<string, unknown> | null;
  },
): Promise<TLorebook> {
  await assertRoomForBook(db, opts.userId);
  const input = ZLorebookInput.parse(opts.input);
  const book = await insertLorebook(
    db,
    { userId: opts.userId, characterId: opts.characterId ?? null, ...input, source: opts.source ?? null },
    opts.entries ?? [],
  );
  return getLorebook(db, opts.userId, book.id);
}

export async function updateLorebook(
  db: TDb,
  opts: { userId: number; id: number; patch: TLorebookPatch },
): Promise<TLorebook> {
  const { settings, ...rest } = opts.patch;
  const row = await updateLorebookRow(db, opts.userId, opts.id, { ...rest, ...settings });
  if (!row) throw await notOwned(db, opts.userId, opts.id);
  return getLorebook(db, opts.userId, opts.id);
}

export async function deleteLorebook(db: TDb, userId: number, id: number): Promise<{ deleted: true }> {
  if (!(await deleteLorebookRow(db, userId, id))) throw await notOwned(db, userId, id);
  return { deleted: true };
}

/** A built-in character's book can be read but not changed (403); anything else not theirs is 404. */
export async function notOwned(db: TDb, userId: number, id: number): Promise<AppError> {
  if (await findOwnLorebook(db, userId, id))
    return new AppError('conflict', 'The lorebook changed; try again.');
  const readable = await findReadableLorebook(db, userId, id);
  return readable
    ? new AppError('forbidden', "A built-in character's lorebook cannot be changed.")
    : notFound('Lorebook');
}
