// What a person under 18 may not do with a character they make, edit or import (issue 23): mark it 18+,
// or give it sexual content (the same check as on replies).
import {
  MINOR_ADULT_CARD_MESSAGE,
  MINOR_ADULT_CHARACTER_MESSAGE,
  MINOR_SEXUAL_TEXT_MESSAGE,
} from '../../../shared/characters.ts';
import { AppError } from '../../lib/errors.ts';
import { hasSexualContent } from '../../safety/reply-check.ts';

export function assertCharacterAllowedForMinor(opts: {
  isMinor: boolean;
  isAdult: boolean;
  /** The character's own words: name, tagline, description, greeting (a card's too). */
  texts: (string | null | undefined)[];
  /** From a card: its 18+ mark came from the card's tags, not from the person. */
  fromCard?: boolean;
}): void {
  if (!opts.isMinor) return;
  if (opts.isAdult) {
    throw new AppError('forbidden', opts.fromCard ? MINOR_ADULT_CARD_MESSAGE : MINOR_ADULT_CHARACTER_MESSAGE);
  }
  if (opts.texts.some((t) => t && hasSexualContent(t)))
    throw new AppError('bad_request', MINOR_SEXUAL_TEXT_MESSAGE);
}

/** A card marked for adults by its tags (the NSFW tag most cards use). */
export const isAdultCard = (tags: readonly string[]) =>
  tags.some((t) => /^(nsfw|18\+|adult|adults only|explicit)$/i.test(t.trim()));
