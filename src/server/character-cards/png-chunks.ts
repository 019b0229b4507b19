// Reads and writes PNG chunks with bounds and CRC checks, and the tEXt chunks that carry cards.

import { crc32 } from 'node:zlib';
import { CardError } from './card-error.ts';
import { CARD_LIMITS } from './limits.ts';

export type TPngChunk = { type: string; data: Buffer };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The PNG spec caps a chunk length at 2^31 - 1.
const MAX_CHUNK_LENGTH = 0x7fffffff;

export function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)
  );
}

function chunkCrc(typeAndData: Buffer): number {
  return crc32(typeAndData) >>> 0;
}

/**
 * Own reader rather than png-chunks-extract: that one trusts each length field, so a crafted
 * length makes it allocate and loop over gigabytes before noticing the file is short.
 */
export function readPngChunks(bytes: Buffer): TPngChunk[] {
  if (!isPng(bytes)) throw new CardError('card_malformed', 'The file is not a PNG image.');
  const chunks: TPngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset < bytes.length) {
    if (chunks.length >= CARD_LIMITS.pngChunks) {
      throw new CardError('card_malformed', 'The PNG has too many chunks.');
    }
    if (offset + 8 > bytes.length) throw new CardError('card_malformed', 'The PNG is truncated.');
    const length = bytes.readUInt32BE(offset);
    const typeStart = offset + 4;
    const dataStart = offset + 8;
    const dataEnd = dataStart + length;
    if (length > MAX_CHUNK_LENGTH || dataEnd + 4 > bytes.length) {
      throw new CardError('card_malformed', 'The PNG is truncated.');
    }
    const type = bytes.toString('latin1', typeStart, dataStart);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new CardError('card_malformed', 'The PNG has an invalid chunk.');
    if (chunks.length === 0 && type !== 'IHDR') {
      throw new CardError('card_malformed', 'The PNG does not start with a header chunk.');
    }
    if (bytes.readUInt32BE(dataEnd) !== chunkCrc(bytes.subarray(typeStart, dataEnd))) {
      throw new CardError('card_malformed', 'The PNG is corrupted (a chunk checksum does not match).');
    }
    chunks.push({ type, data: bytes.subarray(dataStart, dataEnd) });
    offset = dataEnd + 4;
    if (type === 'IEND') return chunks;
  }
  throw new CardError('card_malformed', 'The PNG is truncated (no end chunk).');
}

export function writePngChunks(chunks: TPngChunk[]): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(chunk.data.length, 0);
    head.write(chunk.type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(chunk.data, crc32(head.subarray(4))) >>> 0, 0);
    parts.push(head, chunk.data, crc);
  }
  return Buffer.concat(parts);
}

/** Keyword and text of a tEXt chunk, or null when the chunk is not tEXt or has no keyword separator. */
export function decodeTextChunk(chunk: TPngChunk): { keyword: string; text: string } | null {
  if (chunk.type !== 'tEXt') return null;
  const separator = chunk.data.indexOf(0);
  if (separator < 1) return null;
  return {
    keyword: chunk.data.toString('latin1', 0, separator),
    text: chunk.data.toString('latin1', separator + 1),
  };
}

/** Only for ASCII text such as base64; tEXt is Latin-1 and cannot carry UTF-8 as is. */
export function encodeTextChunk(keyword: string, asciiText: string): TPngChunk {
  return { type: 'tEXt', data: Buffer.from(`${keyword}\0${asciiText}`, 'latin1') };
}
