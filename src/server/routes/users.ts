// /api/users: a person reads and changes only themself.
import { Hono } from 'hono';
import { z } from 'zod';
import { ZUpdateName, ZUpdateProfile, ZUserId } from '../../shared/users.ts';
import type { TDb } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { parseJson, parseParams, parseQuery, requireSelf, requireUser, type TAppEnv } from '../lib/http.ts';
import { readOwnUser } from '../services/users/read-own-user.ts';
import { updateName, updateProfile } from '../services/users/update-profile.ts';

const ZByEmail = z.object({ email: z.string().trim().min(1, 'email is required').max(254) });
const ZUserParam = z.object({ userId: ZUserId });

export function usersRoutes(db: TDb) {
  return new Hono<TAppEnv>()
    .get('/email', async (c) => {
      const user = requireUser(c);
      const { email } = parseQuery(c, ZByEmail);
      if (email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('forbidden', 'You can only look up your own account');
      }
      return c.json(await readOwnUser(db, user.id));
    })
    .put('/update-name/:userId', async (c) => {
      const { userId } = parseParams(c, ZUserParam);
      requireSelf(c, userId);
      const { name } = await parseJson(c, ZUpdateName);
      return c.json(await updateName(db, { userId, name }));
    })
    .put('/:userId', async (c) => {
      const { userId } = parseParams(c, ZUserParam);
      requireSelf(c, userId);
      const body = await parseJson(c, ZUpdateProfile);
      return c.json(await updateProfile(db, { userId, ...body }));
    });
}
