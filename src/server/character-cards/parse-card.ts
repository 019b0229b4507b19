// Reads an uploaded character card (PNG or JSON; V1, V2 or V3) into Kindred's character fields.

import { embeddedAvatar, pngWithoutCard, sniffImageMime, type TCardAvatar } from './card-avatar.ts';
import { CardError } from './card-error.ts';
import type { TCardV3Data } from './card-schema.ts';
import type { TImportedCard } from './card-types.ts';
import { CARD_LIMITS } from './limits.ts';
import { normaliseCard } from './normalise-card.ts';
import { composePersona, greetingOf, taglineOf, tagsOf } from './persona-text.ts';
import { decodeTextChunk, isPng, readPngChunks } from './png-chunks.ts';
import { decodeBase64Json, parseJsonObject } from './safe-json.ts';

const ZIP_MAGIC = 0x504b0304;

function fromPng(bytes: Buffer): { card: TCardV3Data; avatar: TCardAvatar } {
  const chunks = readPngChunks(bytes);
  const texts = new Map<string, string>();
  for (const chunk of chunks) {
    const text = decodeTextChunk(chunk);
    const keyword = text?.keyword.toLowerCase();
    // The first chunk of each keyword wins, as in the readers that wrote these cards.
    if (text && (keyword === 'ccv3' || keyword === 'chara') && !texts.has(keyword)) {
      texts.set(keyword, text.text);
    }
  }
  // V3 writers add a `chara` chunk only for older readers, so `ccv3` is the richer source.
  const payload = texts.get('ccv3') ?? texts.get('chara');
  if (payload === undefined) {
    throw new CardError('card_malformed', 'The image has no character card in it.');
  }
  return {
    card: normaliseCard(decodeBase64Json(payload)),
    avatar: { bytes: pngWithoutCard(chunks), mime: 'image/png' },
  };
}

function fromJson(bytes: Buffer): { card: TCardV3Data; avatar: TCardAvatar | null } {
  const card = normaliseCard(parseJsonObject(bytes));
  return { card, avatar: embeddedAvatar(card) };
}

export function parseCard(input: { bytes: Buffer; filename?: string }): TImportedCard {
  const { bytes, filename } = input;
  if (bytes.length > CARD_LIMITS.fileBytes) {
    throw new CardError('card_too_large', 'The card file is larger than 8 MiB.');
  }
  if (bytes.length === 0) throw new CardError('card_malformed', 'The card file is empty.');
  if ((bytes.length >= 4 && bytes.readUInt32BE(0) === ZIP_MAGIC) || /\.charx$/i.test(filename ?? '')) {
    throw new CardError('card_unsupported', 'CHARX cards are not supported; export the card as PNG or JSON.');
  }
  const imageMime = sniffImageMime(bytes);
  if (imageMime && imageMime !== 'image/png') {
    throw new CardError('card_unsupported', 'Only PNG images can carry a character card.');
  }
  const { card, avatar } = isPng(bytes) ? fromPng(bytes) : fromJson(bytes);
  return {
    name: card.name.trim(),
    tagline: taglineOf(card),
    description: composePersona(card),
    greeting: greetingOf(card),
    tags: tagsOf(card),
    avatar,
    card,
  };
}
