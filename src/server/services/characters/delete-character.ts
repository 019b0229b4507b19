// Deletes a character the person made, with everything of theirs that belongs to it: its chats (and
// their messages), its memories and its avatar file. Built-in characters cannot be deleted.
import type { TDb } from '../../db/client.ts';
import {
  countCharacterBelongings,
  deleteOwnCharacter,
  findVisibleCharacter,
} from '../../db/queries/characters.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TStorage } from '../../storage/index.ts';
import { removeUnusedUpload } from '../uploads/remove-unused-upload.ts';

export type TDeletedCharacter = { chatsDeleted: number; memoriesDeleted: number; filesRemoved: number };

export async function deleteCharacter(
  db: TDb,
  storage: TStorage,
  opts: { userId: number; characterId: number },
): Promise<TDeletedCharacter> {
  const found = await findVisibleCharacter(db, opts.userId, opts.characterId);
  if (!found) throw notFound('Character');
  if (found.userId === null) throw new AppError('forbidden', 'Built-in characters cannot be deleted');
  const counts = await countCharacterBelongings(db, opts.userId, opts.characterId);
  const deleted = await deleteOwnCharacter(db, opts.userId, opts.characterId);
  if (!deleted) throw notFound('Character');
  const filesRemoved = await removeUnusedUpload(db, storage, { userId: opts.userId, url: deleted.avatarUrl });
  return { chatsDeleted: counts.chats, memoriesDeleted: counts.memories, filesRemoved };
}
