import { describe, expect, it } from 'vitest';
import {
  avatarPng,
  base64Json,
  textChunks,
  v2Card,
  v3Card,
  withTextChunks,
} from '../../test-support/test-cards.ts';
import { parseCard } from './index.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('parseCard', () => {
  it('reads a V2 JSON card into Kindred fields', () => {
    const card = parseCard({ bytes: json(v2Card), filename: 'vale.json' });

    expect(card.name).toBe('Captain Seraphina Vale of the Northern Fleet');
    expect(card.tagline).toBe('A cozy pirate — café vibes');
    expect(card.description).toBe(
      [
        'Captain Seraphina Vale of the Northern Fleet is a retired sky-pirate captain. She runs a tea shop for {{userName}} and friends.',
        'Personality:\nWarm, sly, fiercely loyal.',
        'Scenario:\n{{userName}} walks into the tea shop during a storm.',
        'Example dialogue:\n<START>\n{{userName}}: Hello\nCaptain Seraphina Vale of the Northern Fleet: Sit, sit. The kettle is on.',
      ].join('\n\n'),
    );
    expect(card.greeting).toBe('*looks up* Ah, {{userName}}. Tea, or trouble?');
    expect(card.tags).toEqual(['pirate', 'cozy']);
    expect(card.avatar).toBeNull();
    expect(card.card.extensions).toEqual(v2Card.data.extensions);
    expect(card.card.x_unknown_field).toEqual(v2Card.data.x_unknown_field);
    expect(card.card.character_book).toEqual(v2Card.data.character_book);
    expect(card.card.group_only_greetings).toEqual([]);
  });

  it('reads a V2 PNG card from its chara chunk and gives back the image without the card', async () => {
    const png = withTextChunks(await avatarPng(), [['chara', base64Json(v2Card)]]);

    const card = parseCard({ bytes: png });

    expect(card.name).toBe(v2Card.data.name);
    expect(card.avatar?.mime).toBe('image/png');
    expect(textChunks(card.avatar!.bytes)).toEqual([]);
    expect(card.avatar!.bytes.length).toBeLessThan(png.length);
  });

  it('prefers the ccv3 chunk when a PNG has both', async () => {
    const png = withTextChunks(await avatarPng(), [
      ['chara', base64Json(v2Card)],
      ['ccv3', base64Json(v3Card)],
    ]);

    const card = parseCard({ bytes: png });

    expect(card.name).toBe('Orrin');
    expect(card.card.nickname).toBe('Orr');
    expect(card.card.group_only_greetings).toEqual(['*nods at the group*']);
  });

  it('accepts a V1 flat card', () => {
    const card = parseCard({
      bytes: json({
        name: 'Bob',
        description: 'Bob fixes bikes. He hums while working.',
        personality: '',
        scenario: '',
        first_mes: '',
        mes_example: '',
        talkativeness: '0.4',
      }),
    });

    expect(card.name).toBe('Bob');
    expect(card.tagline).toBe('Bob fixes bikes.');
    expect(card.description).toBe('Bob fixes bikes. He hums while working.');
    expect(card.greeting).toBeNull();
    expect(card.card.talkativeness).toBe('0.4');
  });

  it('treats null fields as empty and numeric versions as text', () => {
    const card = parseCard({
      bytes: json({
        spec: 'chara_card_v2',
        spec_version: '2.0',
        data: { name: 'Nul', description: 'Hi.', creator_notes: null, tags: null, character_version: 3 },
      }),
    });

    expect(card.card.creator_notes).toBe('');
    expect(card.tags).toEqual([]);
    expect(card.card.character_version).toBe('3');
  });

  it('cuts a long tagline to 100 characters at a word', () => {
    const long = `${'word '.repeat(40)}end.`;
    const card = parseCard({
      bytes: json({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Long', description: long } }),
    });

    expect(Array.from(card.tagline).length).toBeLessThanOrEqual(100);
    expect(card.tagline).toMatch(/^word( word)+…$/);
  });

  it('takes the avatar of a V3 JSON card from an embedded icon', async () => {
    const icon = await avatarPng();
    const card = parseCard({
      bytes: json({
        ...v3Card,
        data: {
          ...v3Card.data,
          assets: [
            {
              type: 'icon',
              name: 'main',
              ext: 'png',
              uri: `data:image/png;base64,${icon.toString('base64')}`,
            },
          ],
        },
      }),
    });

    expect(card.avatar?.mime).toBe('image/png');
    expect(card.avatar?.bytes.equals(icon)).toBe(true);
  });
});
