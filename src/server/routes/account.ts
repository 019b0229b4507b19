// /api/account: the profile screen's account calls — change my password, download everything of mine, delete my account.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { ZDeleteAccount } from '../../shared/account.ts';
import { ZChangePassword } from '../../shared/recovery.ts';
import { addressSource, type TSignInBackoff } from '../auth/idp/sign-in-backoff.ts';
import { sessionTokenOf } from '../auth/session.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppEnv } from '../lib/http.ts';
import { clientAddress } from '../lib/rate-limit.ts';
import { changePassword } from '../services/account/change-password.ts';
import { deleteAccount } from '../services/account/delete-account.ts';
import { exportAccount } from '../services/account/export-data.ts';
import type { TStorage } from '../storage/index.ts';

const SESSION_COOKIES = ['authjs.session-token', '__Secure-authjs.session-token'];

export type TPasswordOptions = { backoff: TSignInBackoff; trustProxy: boolean };

export function accountRoutes(
  db: TDb,
  storage: TStorage,
  adminEmails: readonly string[],
  passwords: TPasswordOptions,
) {
  return new Hono<TAppEnv>()
    .put('/password', async (c) => {
      const user = requireUser(c);
      const input = await parseJson(c, ZChangePassword);
      await changePassword(
        { db, backoff: passwords.backoff },
        {
          userId: user.id,
          sessionToken: sessionTokenOf(c),
          source: addressSource(clientAddress(c, passwords.trustProxy)),
          input,
        },
      );
      return c.json({ changed: true });
    })
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
