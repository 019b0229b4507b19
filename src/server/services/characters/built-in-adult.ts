// The built-in cast's 18+ marks, set by the installation's owner (who owns these characters).
import type { TDb } from '../../db/client.ts';
import { listCastForOwner, setBuiltInAdult } from '../../db/queries/characters.ts';
import { notFound } from '../../lib/errors.ts';

export async function castForOwner(db: TDb) {
  return { characters: await listCastForOwner(db) };
}

/** @throws AppError 404 when the id is not a built-in character. */
export async function markBuiltInAdult(db: TDb, id: number, isAdult: boolean) {
  if (!(await setBuiltInAdult(db, id, isAdult))) throw notFound('Built-in character');
  return { id, isAdult };
}
