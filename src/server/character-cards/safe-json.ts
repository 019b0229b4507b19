// Turns untrusted bytes or base64 text into a plain JSON object, refusing anything hostile.

import { CardError } from './card-error.ts';
import { CARD_LIMITS } from './limits.ts';

// Keys that let a later merge reach Object.prototype; no real card needs them.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type TJsonObject = Record<string, unknown>;

export function decodeBase64Json(text: string): TJsonObject {
  const compact = text.replace(/[\r\n\t ]/g, '');
  // Checked before decoding so a huge chunk is never turned into a huge buffer.
  if (Math.floor((compact.length * 3) / 4) > CARD_LIMITS.jsonBytes) {
    throw new CardError('card_too_large', 'The card data is larger than 1 MiB.');
  }
  if (compact.length === 0 || !BASE64.test(compact) || compact.length % 4 === 1) {
    throw new CardError('card_malformed', 'The card data in the image is not valid base64.');
  }
  return parseJsonObject(Buffer.from(compact, 'base64'));
}

export function parseJsonObject(bytes: Buffer): TJsonObject {
  if (bytes.length > CARD_LIMITS.jsonBytes) {
    throw new CardError('card_too_large', 'The card data is larger than 1 MiB.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CardError('card_malformed', 'The card is not valid UTF-8 text.');
  }
  assertDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text, (key, child: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) {
        throw new CardError('card_malformed', `The card contains a forbidden key "${key}".`);
      }
      return child;
    });
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new CardError('card_malformed', 'The card is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CardError('card_malformed', 'The card must be a JSON object.');
  }
  return value as TJsonObject;
}

/** Scans brackets outside strings, so deep nesting is refused before JSON.parse builds it. */
function assertDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > CARD_LIMITS.jsonDepth) {
        throw new CardError('card_malformed', 'The card is nested too deeply.');
      }
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
}
