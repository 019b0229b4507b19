// Zod schemas for card data in the V3 shape that Kindred stores, lenient where real cards vary.

import { z } from 'zod';

// Exporters disagree on whether lists are arrays or comma-separated text.
const ZStringList = z.union([
  z.array(z.string()),
  z.string().transform((text) =>
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
  type: z.string(),
  uri: z.string(),
  name: z.string().default(''),
  ext: z.string().default(''),
});

/** Unknown keys pass through untouched so an exported card carries everything the imported one had. */
export const ZCardV3Data = z.looseObject({
  name: z.string(),
  description: z.string().default(''),
  personality: z.string().default(''),
  scenario: z.string().default(''),
  first_mes: z.string().default(''),
  mes_example: z.string().default(''),
  creator_notes: z.string().default(''),
  system_prompt: z.string().default(''),
  post_history_instructions: z.string().default(''),
  alternate_greetings: ZStringList.default([]),
  character_book: ZCharacterBook.optional(),
  tags: ZStringList.default([]),
  creator: z.string().default(''),
  // Some exporters write the version as a number.
  character_version: z.union([z.string(), z.number().transform(String)]).default(''),
  extensions: z.record(z.string(), z.unknown()).default({}),
  group_only_greetings: ZStringList.default([]),
  assets: z.array(ZCardAsset).optional(),
  nickname: z.string().optional(),
  creator_notes_multilingual: z.record(z.string(), z.string()).optional(),
  source: z.array(z.string()).optional(),
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
