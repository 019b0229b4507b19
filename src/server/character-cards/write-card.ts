// Writes a Kindred character as a V2 or V3 card, as JSON text or inside its PNG avatar (the codec half of exporting).

import sharp from 'sharp';
import { isCardChunk } from './card-avatar.ts';
import { type TCardV3Data, V3_ONLY_FIELDS } from './card-schema.ts';
import type { TExportableCharacter } from './card-types.ts';
import { bookToCard } from './character-book.ts';
import { composePersona, greetingOf, taglineOf, toCardText } from './persona-text.ts';
import { encodeTextChunk, isPng, readPngChunks, type TPngChunk, writePngChunks } from './png-chunks.ts';

// Kindred's own length limits; a stored text longer than these was cut by the importer, not edited.
const KINDRED_NAME_CHARS = 20;
const KINDRED_DESCRIPTION_CHARS = 1000;

function emptyCard(name: string): TCardV3Data {
  return {
    name,
    description: '',
    personality: '',
    scenario: '',
    first_mes: '',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: [],
    creator: '',
    character_version: '',
    extensions: {},
    group_only_greetings: [],
  };
}

/** True when `current` is `original`, or what is left of it after Kindred cut it to `limit`. */
function isUnchangedOrCut(current: string, original: string, limit: number): boolean {
  if (current === original) return true;
  const kept = current.replace(/(…|\.\.\.)$/u, '').trimEnd();
  return original.length > limit && kept !== '' && current.length <= limit + 1 && original.startsWith(kept);
}

/**
 * Starts from the stored card and overwrites only what was edited in Kindred, so lorebooks,
 * alternate greetings, extensions and unknown fields survive. An edited persona replaces the
 * card's description and empties the fields it was composed from, which it now contains.
 */
export function buildCardData(character: TExportableCharacter): TCardV3Data {
  const original = character.card ?? emptyCard(character.name);
  const data: TCardV3Data = { ...original };

  if (!isUnchangedOrCut(character.name, original.name.trim(), KINDRED_NAME_CHARS)) {
    data.name = character.name;
  }
  if (!isUnchangedOrCut(character.description, composePersona(original), KINDRED_DESCRIPTION_CHARS)) {
    data.description = toCardText(character.description);
    data.personality = '';
    data.scenario = '';
    data.mes_example = '';
  }
  const greeting = character.greeting?.trim() || null;
  if (greeting !== greetingOf(original)) data.first_mes = toCardText(greeting ?? '');

  if (character.book === null) delete data.character_book;
  else if (character.book) data.character_book = bookToCard(character.book) as TCardV3Data['character_book'];

  // Decided last: the fallback tagline depends on the description settled above.
  const tagline = character.tagline.trim();
  if (tagline !== '' && tagline !== taglineOf(data)) {
    // Prepended rather than replacing a line, so the creator's own notes are never lost.
    data.creator_notes = original.creator_notes.trim()
      ? `${toCardText(tagline)}\n\n${original.creator_notes}`
      : toCardText(tagline);
  }
  return data;
}

function toV2Data(data: TCardV3Data): Record<string, unknown> {
  const v2: Record<string, unknown> = { ...data };
  for (const field of V3_ONLY_FIELDS) delete v2[field];
  return v2;
}

function cardObject(data: TCardV3Data, version: 'v2' | 'v3') {
  return version === 'v3'
    ? { spec: 'chara_card_v3', spec_version: '3.0', data }
    : { spec: 'chara_card_v2', spec_version: '2.0', data: toV2Data(data) };
}

export function writeCardJson(character: TExportableCharacter, version: 'v2' | 'v3'): string {
  return `${JSON.stringify(cardObject(buildCardData(character), version), null, 2)}\n`;
}

async function pngChunksOf(image: Buffer): Promise<TPngChunk[]> {
  if (isPng(image)) {
    try {
      return readPngChunks(image);
    } catch {
      // A damaged PNG falls through to sharp, which may still decode it.
    }
  }
  return readPngChunks(await sharp(image).png().toBuffer());
}

/** Writes `ccv3` for V3 readers and `chara` (V2) for older ones, replacing any card already in the image. */
export async function writeCardPng(character: TExportableCharacter, avatarPng: Buffer): Promise<Buffer> {
  const data = buildCardData(character);
  const chunks = (await pngChunksOf(avatarPng)).filter((chunk) => !isCardChunk(chunk));
  const base64 = (version: 'v2' | 'v3') =>
    Buffer.from(JSON.stringify(cardObject(data, version)), 'utf8').toString('base64');
  const cardChunks = [encodeTextChunk('chara', base64('v2')), encodeTextChunk('ccv3', base64('v3'))];
  const end = chunks.findIndex((chunk) => chunk.type === 'IEND');
  chunks.splice(end, 0, ...cardChunks);
  return writePngChunks(chunks);
}
