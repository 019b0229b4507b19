// Reads one persona the person may see; someone else's private character reads as not found.
import type { TPersona } from '../../../shared/characters.ts';
import type { TDb } from '../../db/client.ts';
import { findVisibleCharacter } from '../../db/queries/characters.ts';
import { notFound } from '../../lib/errors.ts';
import { toPersona } from './to-persona.ts';

export async function getCharacter(
  db: TDb,
  opts: { userId: number; characterId: number },
): Promise<TPersona> {
  const row = await findVisibleCharacter(db, opts.userId, opts.characterId);
  if (!row) throw notFound('Character');
  return toPersona(row);
}
