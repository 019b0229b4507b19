// Stores an uploaded or imported avatar under a random server-chosen name and returns its URL.
import { randomBytes } from 'node:crypto';
import type { TStorage } from '../../storage/index.ts';
import { toAvatarWebp } from './avatar-image.ts';

export async function storeAvatar(
  storage: TStorage,
  opts: { bytes: Buffer; maxBytes: number },
): Promise<string> {
  const webp = await toAvatarWebp(opts.bytes, opts.maxBytes);
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  return storage.put(key, webp, 'image/webp');
}
