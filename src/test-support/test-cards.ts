// Card fixtures and PNG builders shared by the card tests; PNGs are built with libraries
// independent of the code under test, so the tests check real interoperability.

import { encode as encodeText } from 'png-chunk-text';
import encodeChunks from 'png-chunks-encode';
import extractChunks from 'png-chunks-extract';
import sharp from 'sharp';

export function avatarPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 4, background: '#336699' } })
    .png()
    .toBuffer();
}

export function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

/** Inserts tEXt chunks before IEND, as SillyTavern and RisuAI do. */
export function withTextChunks(png: Buffer, texts: [keyword: string, text: string][]): Buffer {
  const chunks = extractChunks(png);
  chunks.splice(-1, 0, ...texts.map(([keyword, text]) => encodeText(keyword, text)));
  return Buffer.from(encodeChunks(chunks));
}

export function textChunks(png: Buffer): { keyword: string; text: string }[] {
  return extractChunks(png)
    .filter((chunk) => chunk.name === 'tEXt')
    .map((chunk) => {
      const separator = chunk.data.indexOf(0);
      const data = Buffer.from(chunk.data);
      return { keyword: data.toString('latin1', 0, separator), text: data.toString('latin1', separator + 1) };
    });
}

export function decodeCardChunk(
  png: Buffer,
  keyword: string,
): { spec: string; data: Record<string, unknown> } {
  const chunk = textChunks(png).find((text) => text.keyword === keyword);
  if (!chunk) throw new Error(`no ${keyword} chunk`);
  return JSON.parse(Buffer.from(chunk.text, 'base64').toString('utf8'));
}

export const v2Card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Captain Seraphina Vale of the Northern Fleet',
    description: '{{char}} is a retired sky-pirate captain. She runs a tea shop for {{user}} and friends.',
    personality: 'Warm, sly, fiercely loyal.',
    scenario: '{{user}} walks into the tea shop during a storm.',
    first_mes: '*looks up* Ah, {{user}}. Tea, or trouble?',
    mes_example: '<START>\n{{user}}: Hello\n{{char}}: Sit, sit. The kettle is on.',
    creator_notes: '<p>A cozy pirate — café vibes</p>\nBest with long replies.',
    system_prompt: 'Write in third person. {{original}}',
    post_history_instructions: 'Stay in character.',
    alternate_greetings: ['*polishes a cup* Back again?', 'Storm season, {{user}}.'],
    character_book: {
      name: 'Vale lore',
      extensions: {},
      entries: [
        {
          keys: ['kettle'],
          content: 'The kettle was stolen from an admiral.',
          extensions: { depth: 4 },
          enabled: true,
          insertion_order: 10,
        },
      ],
    },
    tags: ['pirate', ' cozy ', 'Pirate', ''],
    creator: 'someone',
    character_version: '1.2',
    extensions: {
      talkativeness: '0.5',
      depth_prompt: { prompt: 'She smells of bergamot.', depth: 4, role: 'system' },
      some_app: { nested: { list: [1, 'two', { three: null }] } },
    },
    x_unknown_field: { kept: true, note: 'émojis 🏴‍☠️ survive' },
  },
};

export const v3Card = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    ...v2Card.data,
    name: 'Orrin',
    creator_notes: 'A lighthouse keeper who talks to the sea.\nMore notes here.',
    group_only_greetings: ['*nods at the group*'],
    nickname: 'Orr',
    source: ['https://example.invalid/orrin'],
    creation_date: 1_700_000_000,
    modification_date: 1_700_000_500,
    creator_notes_multilingual: { fr: 'Un gardien de phare.' },
    assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
    extensions: { ...v2Card.data.extensions, risuai: { utilityBot: false } },
  },
};
