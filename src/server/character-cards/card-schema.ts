// Zod schemas for card data in the V3 shape that Kindred stores, lenient where real cards vary.

import { z } from 'zod';
import { ZText } from '../../shared/text.ts';

// Exporters disagree on whether lists are arrays or comma-separated text.
const ZStringList = z.union([
  z.array(ZText),
  ZText.transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
]);

export const ZCharacterBook = z.looseObject({
  entries: z.array(z.looseObject({})),
});

export const ZCardAsset = z.looseObject({
  type: ZText,
  uri: ZText,
  name: ZText.default(''),
  ext: ZText.default(''),
});

/** Unknown keys pass through untouched so an exported card carries everything the imported one had. */
export const ZCardV3Data = z.looseObject({
  name: ZText,
  description: ZText.default(''),
  personality: ZText.default(''),
  scenario: ZText.default(''),
  first_mes: ZText.default(''),
  mes_example: ZText.default(''),
  creator_notes: ZText.default(''),
  system_prompt: ZText.default(''),
  post_history_instructions: ZText.default(''),
  alternate_greetings: ZStringList.default([]),
  character_book: ZCharacterBook.optional(),
  tags: ZStringList.default([]),
  creator: ZText.default(''),
  // Some exporters write the version as a number.
  character_version: z.union([ZText, z.number().transform(String)]).default(''),
  extensions: z.record(ZText, z.unknown()).default({}),
  group_only_greetings: ZStringList.default([]),
  assets: z.array(ZCardAsset).optional(),
  nickname: ZText.optional(),
  creator_notes_multilingual: z.record(ZText, ZText).optional(),
  source: z.array(ZText).optional(),
  creation_date: z.number().optional(),
  modification_date: z.number().optional(),
});

export type TCardV3Data = z.infer<typeof ZCardV3Data>;
export type TCardAsset = z.infer<typeof ZCardAsset>;

/** Fields only V3 defines; a V2 export leaves them out. */
export const V3_ONLY_FIELDS = [
  'group_only_greetings',
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'creation_date',
  'modification_date',
] as const;
