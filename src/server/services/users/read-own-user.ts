// The signed-in person's own account as the API shows it.
import type { TDb } from '../../db/client.ts';
import { findUserById } from '../../db/queries/users.ts';
import { notFound } from '../../lib/errors.ts';
import { toPublicUser } from './update-profile.ts';

export async function readOwnUser(db: TDb, userId: number) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('User');
  return toPublicUser(row);
}
