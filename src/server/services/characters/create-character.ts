// Creates a person's own character from the create form; the server adds the role-play instructions.
import { withRolePlayPrefix } from '../../../shared/characters.ts';
import type { TStoredVoiceSettings } from '../../../shared/voice.ts';
import type { TDb } from '../../db/client.ts';
import { insertCharacter } from '../../db/queries/characters.ts';
import { AppError } from '../../lib/errors.ts';
import type { TStorage } from '../../storage/index.ts';
import { assertUsableAvatar, isBuiltInAvatar } from '../uploads/usable-avatar.ts';
import { assertCharacterAllowedForMinor } from './minor-rules.ts';
import { toPersona } from './to-persona.ts';

export type TCreateCharacterInput = {
  userId: number;
  name: string;
  tagline: string;
  /** The person's own words, already without the prefix and within the limit. */
  description: string;
  avatarUrl: string;
  voiceId?: string | null;
  voiceDescription?: string | null;
  /** The optional greeting a new chat opens with. */
  greeting?: string | null;
  voiceSettings?: TStoredVoiceSettings | null;
  /** Marked 18+ by its maker. */
  isAdult?: boolean;
  /** The maker is under 18: no 18+ mark, no sexual content. */
  isMinor: boolean;
};

export async function createCharacter(db: TDb, storage: TStorage, input: TCreateCharacterInput) {
  assertCharacterAllowedForMinor({
    isMinor: input.isMinor,
    isAdult: input.isAdult === true,
    texts: [input.name, input.tagline, input.description, input.greeting],
  });
  // Only pictures that went through the upload's checks; no remote images in chat.
  if (!isBuiltInAvatar(input.avatarUrl) && !storage.owns(input.avatarUrl)) {
    throw new AppError('bad_request', 'avatarUrl must be an image uploaded through /upload/avatar');
  }
  await assertUsableAvatar(db, input.userId, input.avatarUrl);
  const row = await insertCharacter(db, {
    userId: input.userId,
    name: input.name,
    tagline: input.tagline,
    description: withRolePlayPrefix(input.description),
    avatarUrl: input.avatarUrl,
    voiceId: input.voiceId || null,
    voiceDescription: input.voiceDescription || null,
    greeting: input.greeting || null,
    voiceSettings: input.voiceSettings ?? null,
    isAdult: input.isAdult === true,
  });
  return toPersona(row);
}
