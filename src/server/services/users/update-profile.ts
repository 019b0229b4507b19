// Changes a person's own name (and the username that follows it) or profile picture.

import type { TPublicUser } from '../../../shared/users.ts';
import type { TDb } from '../../db/client.ts';
import { findUserById, updateUser } from '../../db/queries/users.ts';
import type { TUserRow } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { pickUsername } from './pick-username.ts';

export const toPublicUser = (u: TUserRow): TPublicUser => ({
  id: u.id,
  username: u.username,
  name: u.name,
  image: u.image,
  isSubscribed: u.isSubscribed,
});

export async function updateName(db: TDb, opts: { userId: number; name: string }) {
  const current = await findUserById(db, opts.userId);
  if (!current) throw notFound('User');
  const username = await pickUsername(db, opts.name, current.username);
  const row = await updateUser(db, opts.userId, { name: opts.name, username });
  return { name: row!.name, username: row!.username };
}

export async function updateProfile(db: TDb, opts: { userId: number; name: string; image?: string }) {
  const row = await updateUser(db, opts.userId, {
    name: opts.name,
    ...(opts.image !== undefined && { image: opts.image === '' ? null : opts.image }),
  });
  if (!row) throw notFound('User');
  return toPublicUser(row);
}
