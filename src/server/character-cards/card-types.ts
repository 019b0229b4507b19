// The shapes the character-card library takes from and gives to the rest of the server.

import type { TCardAvatar } from './card-avatar.ts';
import type { TCardV3Data } from './card-schema.ts';
import type { TCodecBook } from './character-book.ts';

export type TImportedCard = {
  /** Full name; the caller cuts it to Kindred's length limit. */
  name: string;
  tagline: string;
  /** Persona text: description, then labelled personality, scenario and example dialogue. */
  description: string;
  greeting: string | null;
  tags: string[];
  /** For a PNG card the PNG itself, without its card chunks. */
  avatar: TCardAvatar | null;
  /** The original card data in V3 shape, unknown fields and extensions included, for a lossless export. */
  card: TCardV3Data;
};

export type TExportableCharacter = {
  name: string;
  tagline: string;
  description: string;
  greeting: string | null;
  /** The stored original card, or null for a character made in Kindred. */
  card: TCardV3Data | null;
  /** The character's own lorebook as it is now (null: it has none); undefined keeps the card's book. */
  book?: TCodecBook | null;
};
