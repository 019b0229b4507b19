// A character stored straight in the database for a test: a name and an owner, the rest plain defaults.
import type { TDb } from '../server/db/client.ts';
import { insertCharacter, type TNewCharacter } from '../server/db/queries/characters.ts';

/** `userId` null: a built-in one. No tagline, a one-letter persona, no avatar and no voice unless given. */
export const insertTestCharacter = (
  db: TDb,
  character: Partial<Omit<TNewCharacter, 'userId'>> & { userId: number | null; name: string },
) =>
  // A built-in one (no owner) is made only by the seed; a test stands one up the same way.
  insertCharacter(db, {
    tagline: '',
    description: 'd',
    avatarUrl: null,
    voiceId: null,
    voiceDescription: null,
    ...character,
  } as TNewCharacter);
