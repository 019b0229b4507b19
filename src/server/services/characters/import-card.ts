// Imports a Character Card (V1/V2/V3, PNG or JSON) as a new character of the person's own.
import { CHARACTER_LIMITS, withRolePlayPrefix } from '../../../shared/characters.ts';
import { hasNul } from '../../../shared/text.ts';
import {
  bookFromCard,
  CardError,
  parseCard,
  type TCodecBook,
  type TImportedCard,
} from '../../character-cards/index.ts';
import type { TDb } from '../../db/client.ts';
import { insertCharacter } from '../../db/queries/characters.ts';
import { insertLorebook } from '../../db/queries/lorebooks.ts';
import { AppError } from '../../lib/errors.ts';
import type { TStorage } from '../../storage/index.ts';
import { cutText } from './cut-text.ts';
import { assertCharacterAllowedForMinor, isAdultCard } from './minor-rules.ts';
import { storeAvatar } from './store-avatar.ts';
import { toPersona } from './to-persona.ts';

export async function importCharacterCard(
  db: TDb,
  storage: TStorage,
  opts: {
    userId: number;
    bytes: Buffer;
    filename?: string;
    maxAvatarBytes: number;
    /** The person is under 18: a card tagged 18+ or with sexual content is refused. */
    isMinor: boolean;
  },
) {
  let card: TImportedCard;
  let book: TCodecBook | null;
  try {
    card = parseCard({ bytes: opts.bytes, filename: opts.filename });
    // The card's book becomes the character's own lorebook, its original kept for an exact export.
    book = bookFromCard(card.card.character_book);
  } catch (error) {
    if (error instanceof CardError) throw new AppError('bad_request', error.message);
    throw error;
  }
  // PostgreSQL stores no NUL in text or jsonb: refuse the card rather than fail on insert.
  if (hasNul({ ...card, avatar: null }))
    throw new AppError('bad_request', 'The card must not contain NUL characters.');
  const name = cutText(card.name, CHARACTER_LIMITS.name);
  const description = cutText(card.description, CHARACTER_LIMITS.description);
  if (name === '') throw new AppError('bad_request', 'The card has no character name.');
  if (description === '') throw new AppError('bad_request', 'The card has no description or personality.');
  // A card tagged NSFW (or 18+) becomes a character marked 18+; a person under 18 cannot import one.
  const isAdult = isAdultCard(card.tags);
  assertCharacterAllowedForMinor({
    isMinor: opts.isMinor,
    isAdult,
    texts: [name, card.tagline, description, card.greeting],
    fromCard: true,
  });

  // The picture goes through the same checks and re-encoding as an uploaded avatar.
  const avatarUrl = card.avatar
    ? await storeAvatar(storage, {
        bytes: card.avatar.bytes,
        maxBytes: opts.maxAvatarBytes,
        db,
        userId: opts.userId,
      })
    : null;
  try {
    const row = await insertCharacter(db, {
      userId: opts.userId,
      name,
      tagline: cutText(card.tagline, CHARACTER_LIMITS.tagline),
      description: withRolePlayPrefix(description),
      greeting: card.greeting,
      avatarUrl,
      voiceId: null,
      voiceDescription: null,
      card: card.card,
      isAdult,
    });
    if (book) {
      await insertLorebook(
        db,
        {
          userId: opts.userId,
          characterId: row.id,
          name: book.name.trim() || `${name}'s lore`,
          description: book.description,
          alwaysOn: false,
          settings: book.settings,
          source: book.source,
        },
        book.entries,
      );
    }
    return { ...toPersona(row), tags: card.tags };
  } catch (error) {
    if (avatarUrl) await storage.remove(avatarUrl).catch(() => undefined);
    throw error;
  }
}
