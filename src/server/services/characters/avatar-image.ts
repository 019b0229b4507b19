// Turns an uploaded picture into a safe avatar: checked by its bytes, bounded, re-encoded by sharp.
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../lib/errors.ts';

export const AVATAR_SIZE = 512;
/** Larger than any real photo (about a 50-megapixel camera), small enough that decoding stays cheap. */
export const AVATAR_MAX_PIXELS = 50_000_000;
/** A side that long is no avatar, whatever the pixel count. */
export const AVATAR_MAX_SIDE = 16_384;

export type TImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

/** Judged from the first bytes only: a file's name and declared type prove nothing. */
export function sniffImage(bytes: Uint8Array): TImageKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  return null;
}

const unreadable = () =>
  new AppError('bad_request', 'The image could not be read; upload a PNG, JPEG, WebP or GIF');

/**
 * Returns a 512x512 WebP (cover crop, EXIF orientation applied, all metadata dropped). The header
 * is read before any pixel is decoded, so a tiny file claiming huge dimensions costs nothing.
 */
export async function toAvatarWebp(bytes: Buffer, maxBytes: number): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError('bad_request', 'The avatar file is empty');
  if (bytes.length > maxBytes) {
    throw new AppError('bad_request', `The avatar is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB`);
  }
  if (!sniffImage(bytes)) {
    throw new AppError('bad_request', 'The avatar must be a PNG, JPEG, WebP or GIF image');
  }
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' as const, pages: 1 };
  let meta: Metadata;
  try {
    // Only the header is read here, so the pixel limit can wait for the decode below.
    meta = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width = 0, height = 0 } = meta;
  if (width === 0 || height === 0) throw unreadable();
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS) {
    throw new AppError(
      'bad_request',
      `The avatar is ${width}x${height} pixels; at most ${AVATAR_MAX_PIXELS / 1_000_000} megapixels are accepted`,
    );
  }
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 86 })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
