// The user persona: a short line about who the person is, which the server puts in every prompt.
import type { TUserPersonaBody } from '../../../shared/user-persona.ts';
import type { TDb } from '../../db/client.ts';
import { findUserPersona, saveUserPersona } from '../../db/queries/user-persona.ts';

export async function readUserPersona(db: TDb, userId: number): Promise<TUserPersonaBody> {
  return { persona: (await findUserPersona(db, userId)) ?? '' };
}

export async function writeUserPersona(db: TDb, userId: number, persona: string): Promise<TUserPersonaBody> {
  await saveUserPersona(db, userId, persona === '' ? null : persona);
  return { persona };
}
