// A character's own lorebook: read by anyone who may chat with the character, made and edited by its owner.
import type { TLorebook } from '../../../shared/lorebooks.ts';
import type { TDb } from '../../db/client.ts';
import { findVisibleCharacter } from '../../db/queries/characters.ts';
import { findCharacterLorebook, listEntries } from '../../db/queries/lorebooks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createLorebook } from './manage-lorebooks.ts';
import { toLorebook } from './to-lorebook.ts';

/** The character's book, or null when it has none. */
export async function getCharacterLorebook(
  db: TDb,
  userId: number,
  characterId: number,
): Promise<TLorebook | null> {
  const character = await findVisibleCharacter(db, userId, characterId);
  if (!character) throw notFound('Character');
  const found = await findCharacterLorebook(db, userId, characterId);
  return found ? toLorebook(found.book, await listEntries(db, found.book.id), userId) : null;
}

/** Makes an empty book for one of the person's own characters (or returns the one it has). */
export async function startCharacterLorebook(
  db: TDb,
  userId: number,
  characterId: number,
): Promise<TLorebook> {
  const character = await findVisibleCharacter(db, userId, characterId);
  if (!character) throw notFound('Character');
  if (character.userId !== userId) {
    throw new AppError('forbidden', 'Only the person who made a character can edit its lorebook.');
  }
  const existing = await getCharacterLorebook(db, userId, characterId);
  if (existing) return existing;
  return createLorebook(db, { userId, characterId, input: { name: `${character.name}'s lore` } });
}
