// Finds the avatar image that travels with a card: the PNG itself, or a V3 data: URI asset.

import type { TCardV3Data } from './card-schema.ts';
import { CARD_LIMITS } from './limits.ts';
import { readPngChunks, type TPngChunk, writePngChunks } from './png-chunks.ts';

export type TAvatarMime = 'image/png' | 'image/jpeg' | 'image/webp';
export type TCardAvatar = { bytes: Buffer; mime: TAvatarMime };

/** Judged from the bytes, never from a declared type. */
export function sniffImageMime(bytes: Buffer): TAvatarMime | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** tEXt, zTXt and iTXt all start with a NUL-terminated keyword. */
export function isCardChunk(chunk: TPngChunk): boolean {
  if (chunk.type !== 'tEXt' && chunk.type !== 'zTXt' && chunk.type !== 'iTXt') return false;
  const end = chunk.data.indexOf(0);
  const keyword = chunk.data.toString('latin1', 0, end < 0 ? chunk.data.length : end).toLowerCase();
  return keyword === 'chara' || keyword === 'ccv3' || keyword.startsWith('chara-ext-asset_');
}

/** The avatar should not carry up to megabytes of card text into storage. */
export function pngWithoutCard(chunks: TPngChunk[]): Buffer {
  return writePngChunks(chunks.filter((chunk) => !isCardChunk(chunk)));
}

const DATA_URI = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[^,]*)?;base64,/i;

/**
 * A JSON card has no image of its own, but a V3 card may embed its icon. A broken or oversized
 * icon is dropped rather than failing the import: the character still works without it.
 */
export function embeddedAvatar(card: TCardV3Data): TCardAvatar | null {
  const icons = (card.assets ?? []).filter((asset) => asset.type === 'icon');
  const icon = icons.find((asset) => asset.name === 'main') ?? icons[0];
  const header = icon ? DATA_URI.exec(icon.uri) : null;
  if (!icon || !header) return null;
  const base64 = icon.uri.slice(header[0].length);
  if (Math.floor((base64.length * 3) / 4) > CARD_LIMITS.embeddedAvatarBytes) return null;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  const mime = sniffImageMime(bytes);
  if (!mime) return null;
  if (mime === 'image/png') {
    try {
      return { bytes: pngWithoutCard(readPngChunks(bytes)), mime };
    } catch {
      return null;
    }
  }
  return { bytes, mime };
}
