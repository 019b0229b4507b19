// Recognises V1, V2 and V3 card objects and brings their data to the V3 shape.

import { CardError } from './card-error.ts';
import { type TCardV3Data, ZCardV3Data } from './card-schema.ts';
import type { TJsonObject } from './safe-json.ts';

const V1_FIELDS = ['description', 'personality', 'scenario', 'first_mes', 'mes_example'];

function isObject(value: unknown): value is TJsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quoted(value: unknown): string {
  return JSON.stringify(String(value).slice(0, 40));
}

function cardBody(card: TJsonObject): TJsonObject {
  const { spec, spec_version: version, data } = card;
  if (spec === 'chara_card_v3' || spec === 'chara_card_v2') {
    const major = spec === 'chara_card_v3' ? '3' : '2';
    // Minor versions are additive, so any 3.x (or 2.x) reads as 3.0 (or 2.0).
    if (version !== undefined && !(typeof version === 'string' && version.split('.')[0] === major)) {
      throw new CardError('card_unsupported', `Card spec version ${quoted(version)} is not supported.`);
    }
    if (!isObject(data)) throw new CardError('card_malformed', 'The card has no data object.');
    return data;
  }
  if (spec !== undefined) {
    throw new CardError('card_unsupported', `Card spec ${quoted(spec)} is not supported.`);
  }
  // Some V2 exporters forget `spec` but still nest everything under `data`.
  if (isObject(data) && typeof data.name === 'string') return data;
  if (typeof card.name === 'string' && V1_FIELDS.some((field) => typeof card[field] === 'string')) {
    return card;
  }
  throw new CardError('card_unsupported', 'The file is not a character card.');
}

export function normaliseCard(card: TJsonObject): TCardV3Data {
  const body = cardBody(card);
  // Exporters often write null for an empty known field; treating it as absent lets the defaults apply.
  const withoutNulls = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !(value === null && Object.hasOwn(ZCardV3Data.shape, key))),
  );
  const result = ZCardV3Data.safeParse(withoutNulls);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'data';
    const why = issue?.message.includes('NUL') ? ` It ${issue.message}.` : '';
    throw new CardError('card_malformed', `The card field "${field}" is invalid.${why}`);
  }
  if (result.data.name.trim() === '') throw new CardError('card_malformed', 'The card has no name.');
  return result.data;
}
