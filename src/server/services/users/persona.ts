// The person's persona: a short line about who they are, which the server puts in every prompt.
import type { TPersonaBody } from '../../../shared/controls.ts';
import type { TDb } from '../../db/client.ts';
import { findPersona, savePersona } from '../../db/queries/persona.ts';

export async function readPersona(db: TDb, userId: number): Promise<TPersonaBody> {
  return { persona: (await findPersona(db, userId)) ?? '' };
}

export async function writePersona(db: TDb, userId: number, persona: string): Promise<TPersonaBody> {
  await savePersona(db, userId, persona === '' ? null : persona);
  return { persona };
}
