// /api/account: "Your data" on the profile screen — download everything of mine, delete my account.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { ZDeleteAccount } from '../../shared/account.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppEnv } from '../lib/http.ts';
import { deleteAccount } from '../services/account/delete-account.ts';
import { exportAccount } from '../services/account/export-data.ts';
import type { TStorage } from '../storage/index.ts';

const SESSION_COOKIES = ['authjs.session-token', '__Secure-authjs.session-token'];

export function accountRoutes(db: TDb, storage: TStorage, adminEmails: readonly string[]) {
  return new Hono<TAppEnv>()
    .get('/export', async (c) => {
      const user = requireUser(c);
      const data = await exportAccount(db, storage, user.id);
      const day = new Date().toISOString().slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="kindred-${user.username}-${day}.json"`);
      c.header('Cache-Control', 'no-store');
      return c.json(data);
    })
    .delete('/', async (c) => {
      const user = requireUser(c);
      const input = await parseJson(c, ZDeleteAccount);
      const { filesRemoved } = await deleteAccount(
        { db, storage, adminEmails, log: c.get('log') },
        user,
        input,
      );
      for (const name of SESSION_COOKIES) {
        deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
      }
      return c.json({ deleted: true, filesRemoved });
    });
}
