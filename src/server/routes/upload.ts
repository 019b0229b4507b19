// /upload/avatar: a picture for a new character, checked, re-encoded and stored under a random name.
import { Hono } from 'hono';
import type { TDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { requireUser, type TAppContext, type TAppEnv } from '../lib/http.ts';
import { storeAvatar } from '../services/characters/store-avatar.ts';
import type { TStorage } from '../storage/index.ts';

/** The one file in a multipart field, or a 400 saying what is missing. */
export async function formFile(c: TAppContext, field: string): Promise<File> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError('bad_request', 'The request must be a multipart form');
  }
  const file = form[field];
  if (!(file instanceof File)) {
    throw new AppError('bad_request', `Send the file in the multipart form field "${field}"`);
  }
  return file;
}

export function uploadRoutes(storage: TStorage, maxBytes: number, db: TDb) {
  return new Hono<TAppEnv>().post('/avatar', async (c) => {
    const user = requireUser(c);
    const file = await formFile(c, 'avatar');
    if (file.size > maxBytes) {
      throw new AppError(
        'bad_request',
        `The avatar is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB`,
      );
    }
    const avatarUrl = await storeAvatar(storage, {
      bytes: Buffer.from(await file.arrayBuffer()),
      maxBytes,
      db,
      userId: user.id,
    });
    return c.json({ avatarUrl }, 201);
  });
}
