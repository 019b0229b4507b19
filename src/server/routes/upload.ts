// /upload/avatar: a picture for a new character, checked, re-encoded and stored under a random name.
import { Hono } from 'hono';
import type { TDb } from '../db/client.ts';
import { formFileUpTo, requireUser, type TAppEnv } from '../lib/http.ts';
import { storeAvatar } from '../services/characters/store-avatar.ts';
import type { TStorage } from '../storage/index.ts';

export function avatarUploadRoutes(storage: TStorage, maxBytes: number, db: TDb) {
  return new Hono<TAppEnv>().post('/', async (c) => {
    const user = requireUser(c);
    const file = await formFileUpTo(c, 'avatar', maxBytes, 'avatar');
    const avatarUrl = await storeAvatar(storage, {
      bytes: Buffer.from(await file.arrayBuffer()),
      maxBytes,
      db,
      userId: user.id,
    });
    return c.json({ avatarUrl }, 201);
  });
}
