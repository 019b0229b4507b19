// Stores an uploaded or imported avatar under a random server-chosen name, records its owner, returns its URL.
import { randomBytes } from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import { insertUpload } from '../../db/queries/uploads.ts';
import type { TStorage } from '../../storage/index.ts';
import { toAvatarWebp } from './avatar-image.ts';

export async function storeAvatar(
  storage: TStorage,
  opts: { bytes: Buffer; maxBytes: number; db: TDb; userId: number },
): Promise<string> {
  const webp = await toAvatarWebp(opts.bytes, opts.maxBytes);
  const key = `avatars/${randomBytes(16).toString('hex')}.webp`;
  const url = await storage.put(key, webp, 'image/webp');
  try {
    await insertUpload(opts.db, { key, url, userId: opts.userId });
  } catch (error) {
    await storage.remove(url).catch(() => undefined);
    throw error;
  }
  return url;
}
