import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  avatarPng,
  base64Json,
  decodeCardChunk,
  textChunks,
  v2Card,
  v3Card,
  withTextChunks,
} from '../../test-support/test-cards.ts';
import {
  parseCard,
  type TExportableCharacter,
  type TImportedCard,
  writeCardJson,
  writeCardPng,
} from './index.ts';

// What the caller stores: the name cut to Kindred's 20 characters, everything else as imported.
function stored(card: TImportedCard): TExportableCharacter {
  return {
    name: card.name.slice(0, 20).trim(),
    tagline: card.tagline,
    description: card.description,
    greeting: card.greeting,
    card: card.card,
  };
}

function kindredFields(card: TImportedCard) {
  const { name, tagline, description, greeting, tags } = card;
  return { name, tagline, description, greeting, tags };
}

describe('card round trip', () => {
  it('V2 JSON: import, export, import again keeps every field, unknown fields and extensions', () => {
    const first = parseCard({ bytes: Buffer.from(JSON.stringify(v2Card)) });

    const exported = writeCardJson(stored(first), 'v2');
    const second = parseCard({ bytes: Buffer.from(exported) });

    expect(JSON.parse(exported).spec).toBe('chara_card_v2');
    expect(kindredFields(second)).toEqual(kindredFields(first));
    // The full name survives although Kindred only keeps 20 characters of it.
    expect(second.name).toBe(v2Card.data.name);
    expect(second.card).toEqual(first.card);
    expect(second.card.extensions).toEqual(v2Card.data.extensions);
    expect(second.card.x_unknown_field).toEqual(v2Card.data.x_unknown_field);
    expect(second.card.character_book).toEqual(v2Card.data.character_book);
  });

  it('V3 PNG: import, export, import again keeps every field, unknown fields and extensions', async () => {
    const png = withTextChunks(await avatarPng(), [['ccv3', base64Json(v3Card)]]);
    const first = parseCard({ bytes: png });

    const exported = await writeCardPng(stored(first), first.avatar!.bytes);
    const second = parseCard({ bytes: exported });

    expect(kindredFields(second)).toEqual(kindredFields(first));
    expect(second.card).toEqual(first.card);
    expect(second.card.extensions).toEqual(v3Card.data.extensions);
    expect(second.card.x_unknown_field).toEqual(v3Card.data.x_unknown_field);
    expect(second.card.creation_date).toBe(1_700_000_000);
  });

  it('a V3 PNG export is readable by a V2 reader through its chara chunk', async () => {
    const first = parseCard({ bytes: Buffer.from(JSON.stringify(v3Card)) });

    const exported = await writeCardPng(stored(first), await avatarPng());

    const v2 = decodeCardChunk(exported, 'chara');
    expect(v2.spec).toBe('chara_card_v2');
    expect(v2.data.name).toBe('Orrin');
    expect(v2.data.extensions).toEqual(v3Card.data.extensions);
    expect(v2.data).not.toHaveProperty('group_only_greetings');
    expect(decodeCardChunk(exported, 'ccv3').spec).toBe('chara_card_v3');
  });

  it('replaces the card already in the avatar instead of adding a second one', async () => {
    const old = withTextChunks(await avatarPng(), [
      ['chara', base64Json(v2Card)],
      ['ccv3', base64Json(v3Card)],
    ]);
    const character: TExportableCharacter = {
      name: 'Mira',
      tagline: 'A cartographer of dreams',
      description: 'Mira maps dreams.',
      greeting: 'Where did you wake up?',
      card: null,
    };

    const exported = await writeCardPng(character, old);

    expect(textChunks(exported).map((chunk) => chunk.keyword)).toEqual(['chara', 'ccv3']);
    expect(parseCard({ bytes: exported }).name).toBe('Mira');
  });

  it('a character made in Kindred exports and imports with the same fields', async () => {
    const character: TExportableCharacter = {
      name: 'Mira',
      tagline: 'A cartographer of dreams',
      description: 'Mira maps dreams. She speaks softly to {{userName}}.',
      greeting: 'Where did you wake up, {{userName}}?',
      card: null,
    };

    const json = writeCardJson(character, 'v3');
    const imported = parseCard({ bytes: Buffer.from(json) });

    expect(JSON.parse(json).data.first_mes).toBe('Where did you wake up, {{user}}?');
    expect(imported).toMatchObject({
      name: character.name,
      tagline: character.tagline,
      description: character.description,
      greeting: character.greeting,
    });
  });

  it('edits made in Kindred win over the stored card, and the rest of the card is kept', () => {
    const first = parseCard({ bytes: Buffer.from(JSON.stringify(v2Card)) });
    const edited: TExportableCharacter = {
      ...stored(first),
      name: 'Sera',
      tagline: 'Retired pirate, tea enthusiast',
      description: 'Sera pours tea and tells tall tales.',
      greeting: null,
    };

    const second = parseCard({ bytes: Buffer.from(writeCardJson(edited, 'v3')) });

    expect(kindredFields(second)).toEqual({
      name: 'Sera',
      tagline: 'Retired pirate, tea enthusiast',
      description: 'Sera pours tea and tells tall tales.',
      greeting: null,
      tags: first.tags,
    });
    expect(second.card.creator_notes).toContain(v2Card.data.creator_notes);
    expect(second.card.alternate_greetings).toEqual(v2Card.data.alternate_greetings);
    expect(second.card.extensions).toEqual(v2Card.data.extensions);
    expect(second.card.character_book).toEqual(v2Card.data.character_book);
  });

  it('re-encodes a non-PNG avatar to PNG', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer();
    const exported = await writeCardPng(
      { name: 'W', tagline: 'x', description: 'W.', greeting: null, card: null },
      webp,
    );

    expect(parseCard({ bytes: exported }).avatar?.mime).toBe('image/png');
  });
});
