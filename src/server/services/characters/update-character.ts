// Changes a character the person made (the edit page: the create form, filled). Built-in characters
// cannot be edited; someone else's reads as not found. A replaced avatar file is removed.
import { withRolePlayPrefix } from '../../../shared/characters.ts';
import type { TDb } from '../../db/client.ts';
import { findVisibleCharacter, updateOwnCharacter } from '../../db/queries/characters.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TStorage } from '../../storage/index.ts';
import { removeUnusedUpload } from '../uploads/remove-unused-upload.ts';
import { assertUsableAvatar, isBuiltInAvatar } from '../uploads/usable-avatar.ts';
import type { TCreateCharacterInput } from './create-character.ts';
import { assertCharacterAllowedForMinor } from './minor-rules.ts';
import { toPersona } from './to-persona.ts';

/** The create form's fields again; an absent avatar or 18+ mark stays as it is. */
export type TUpdateCharacterInput = Omit<TCreateCharacterInput, 'avatarUrl'> & {
  characterId: number;
  avatarUrl?: string | null;
};

export async function updateCharacter(db: TDb, storage: TStorage, input: TUpdateCharacterInput) {
  const found = await findVisibleCharacter(db, input.userId, input.characterId);
  if (!found) throw notFound('Character');
  if (found.userId === null) throw new AppError('forbidden', 'Built-in characters cannot be edited');
  assertCharacterAllowedForMinor({
    isMinor: input.isMinor,
    isAdult: input.isAdult === true,
    texts: [input.name, input.tagline, input.description, input.greeting],
  });
  const newAvatar = input.avatarUrl && input.avatarUrl !== found.avatarUrl ? input.avatarUrl : undefined;
  if (newAvatar) {
    if (!isBuiltInAvatar(newAvatar) && !storage.owns(newAvatar)) {
      throw new AppError('bad_request', 'avatarUrl must be an image uploaded through /upload/avatar');
    }
    await assertUsableAvatar(db, input.userId, newAvatar);
  }
  const row = await updateOwnCharacter(db, input.userId, input.characterId, {
    name: input.name,
    tagline: input.tagline,
    description: withRolePlayPrefix(input.description),
    ...(newAvatar ? { avatarUrl: newAvatar } : {}),
    voiceId: input.voiceId || null,
    voiceDescription: input.voiceDescription || null,
    greeting: input.greeting || null,
    ...(input.voiceSettings === undefined ? {} : { voiceSettings: input.voiceSettings }),
    ...(input.isAdult === undefined ? {} : { isAdult: input.isAdult }),
  });
  if (!row) throw notFound('Character');
  if (newAvatar) await removeUnusedUpload(db, storage, { userId: input.userId, url: found.avatarUrl });
  return toPersona(row);
}
