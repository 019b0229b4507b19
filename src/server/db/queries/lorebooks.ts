// SQL for lorebooks: a person's books and entries (scoped to them in SQL), built-in characters' books
// (readable by all). Books attached to chats and the books of one reply: chat-lorebooks.ts.
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TLorebookSettings, TLoreEntryFields } from '../../../shared/lorebooks.ts';
import type { TDb } from '../client.ts';
import {
  characters,
  lorebookEntries,
  lorebooks,
  type TLorebookEntryRow,
  type TLorebookRow,
} from '../schema.ts';
import { deleteOwnRow, ownRow } from './own-rows.ts';

export type TNewLorebook = {
  userId: number | null;
  characterId?: number | null;
  name: string;
  description: string;
  alwaysOn: boolean;
  settings: TLorebookSettings;
  source?: Record<string, unknown> | null;
};

export type TNewEntry = { fields: TLoreEntryFields; source?: Record<string, unknown> | null };

const entryValues = (fields: TLoreEntryFields) => ({
  keys: fields.keys,
  secondaryKeys: fields.secondaryKeys,
  selectiveLogic: fields.selectiveLogic,
  content: fields.content,
  enabled: fields.enabled,
  constant: fields.constant,
  insertionOrder: fields.insertionOrder,
  position: fields.position,
  depth: fields.depth,
  caseSensitive: fields.caseSensitive,
  matchWholeWords: fields.matchWholeWords,
  probability: fields.probability,
  comment: fields.comment,
});

/** A book with its entries in one transaction. */
export async function insertLorebook(
  db: TDb,
  book: TNewLorebook,
  entries: TNewEntry[],
): Promise<TLorebookRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lorebooks)
      .values({
        userId: book.userId,
        characterId: book.characterId ?? null,
        name: book.name,
        description: book.description,
        alwaysOn: book.alwaysOn,
        ...book.settings,
        source: book.source ?? null,
      })
      .returning();
    if (!row) throw new Error('lorebook insert returned nothing');
    if (entries.length > 0) {
      await tx.insert(lorebookEntries).values(
        entries.map((entry, sort) => ({
          lorebookId: row.id,
          sort,
          ...entryValues(entry.fields),
          source: entry.source ?? null,
        })),
      );
    }
    return row;
  });
}

// The outer table is named in full: in a one-table select drizzle writes a column bare ("id"), which the
// subquery would read as its own row's id.
const entryCount = sql<number>`(select count(*)::int from ${lorebookEntries} e where e.lorebook_id = ${lorebooks}.id)`;

/** The person's own books, newest first, with entry counts. */
export async function listOwnLorebooks(db: TDb, userId: number) {
  return db
    .select({ book: lorebooks, entryCount })
    .from(lorebooks)
    .where(eq(lorebooks.userId, userId))
    .orderBy(asc(lorebooks.id));
}

export async function countOwnLorebooks(db: TDb, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(lorebooks)
    .where(eq(lorebooks.userId, userId));
  return row?.count ?? 0;
}

/** A book the person owns, or a built-in character's book (read-only); undefined otherwise. */
export async function findReadableLorebook(db: TDb, userId: number, id: number) {
  const [row] = await db
    .select({ book: lorebooks, entryCount })
    .from(lorebooks)
    .where(and(eq(lorebooks.id, id), or(eq(lorebooks.userId, userId), isNull(lorebooks.userId))));
  return row;
}

export async function findOwnLorebook(
  db: TDb,
  userId: number,
  id: number,
): Promise<TLorebookRow | undefined> {
  const [row] = await db
    .select()
    .from(lorebooks)
    .where(ownRow(lorebooks, userId, id));
  return row;
}

/** A character's own book when the person may see the character (theirs, or built-in). */
export async function findCharacterLorebook(db: TDb, userId: number, characterId: number) {
  const [row] = await db
    .select({ book: lorebooks, entryCount })
    .from(lorebooks)
    .innerJoin(characters, eq(characters.id, lorebooks.characterId))
    .where(
      and(
        eq(lorebooks.characterId, characterId),
        or(eq(characters.userId, userId), isNull(characters.userId)),
      ),
    );
  return row;
}

export async function listEntries(db: TDb, lorebookId: number): Promise<TLorebookEntryRow[]> {
  return db
    .select()
    .from(lorebookEntries)
    .where(eq(lorebookEntries.lorebookId, lorebookId))
    .orderBy(asc(lorebookEntries.sort), asc(lorebookEntries.id));
}

export async function updateLorebook(
  db: TDb,
  userId: number,
  id: number,
  values: Partial<Pick<TLorebookRow, 'name' | 'description' | 'alwaysOn'> & TLorebookSettings>,
): Promise<TLorebookRow | undefined> {
  const [row] = await db
    .update(lorebooks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(ownRow(lorebooks, userId, id))
    .returning();
  return row;
}

export const deleteLorebook = (db: TDb, userId: number, id: number) =>
  deleteOwnRow(db, lorebooks, userId, id);

const touch = (db: TDb, id: number) =>
  db.update(lorebooks).set({ updatedAt: sql`now()` }).where(eq(lorebooks.id, id));

/** Adds an entry at the end of a book the person owns: undefined when not theirs, 'full' at `maxEntries`. */
export async function insertEntry(
  db: TDb,
  opts: { userId: number; lorebookId: number; fields: TLoreEntryFields; maxEntries: number },
): Promise<TLorebookEntryRow | 'full' | undefined> {
  const { userId, lorebookId, fields } = opts;
  return db.transaction(async (tx) => {
    // Locks the book row, so two entries added at once get different places.
    const [book] = await tx
      .select({ id: lorebooks.id })
      .from(lorebooks)
      .where(ownRow(lorebooks, userId, lorebookId))
      .for('update');
    if (!book) return undefined;
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(lorebookEntries)
      .where(eq(lorebookEntries.lorebookId, lorebookId));
    if ((count?.n ?? 0) >= opts.maxEntries) return 'full';
    const [row] = await tx
      .insert(lorebookEntries)
      .values({
        lorebookId,
        sort: sql`coalesce((select max(e.sort) + 1 from ${lorebookEntries} e where e.lorebook_id = ${lorebookId}), 0)`,
        ...entryValues(fields),
      })
      .returning();
    await touch(tx as unknown as TDb, lorebookId);
    return row;
  });
}

const ownEntry = (userId: number, lorebookId: number, entryId: number) =>
  and(
    eq(lorebookEntries.id, entryId),
    eq(lorebookEntries.lorebookId, lorebookId),
    inArray(
      lorebookEntries.lorebookId,
      sql`(select l.id from ${lorebooks} l where l.id = ${lorebookId} and l.user_id = ${userId})`,
    ),
  );

export async function updateEntry(
  db: TDb,
  userId: number,
  lorebookId: number,
  entryId: number,
  fields: TLoreEntryFields,
): Promise<TLorebookEntryRow | undefined> {
  const [row] = await db
    .update(lorebookEntries)
    .set(entryValues(fields))
    .where(ownEntry(userId, lorebookId, entryId))
    .returning();
  if (row) await touch(db, lorebookId);
  return row;
}

export async function deleteEntry(db: TDb, userId: number, lorebookId: number, entryId: number) {
  const rows = await db
    .delete(lorebookEntries)
    .where(ownEntry(userId, lorebookId, entryId))
    .returning({ id: lorebookEntries.id });
  if (rows.length > 0) await touch(db, lorebookId);
  return rows.length > 0;
}
