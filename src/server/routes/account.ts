// /api/account: the profile screen's account calls — change my password, download everything of mine, delete my account.
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { ZDeleteAccount } from '../../shared/account.ts';
import { tooYoungMessage, ZSetBirthDate } from '../../shared/birth-date.ts';
import { ZChangePassword } from '../../shared/recovery.ts';
import { addressSource, type TSignInBackoff } from '../auth/idp/sign-in-backoff.ts';
import { sessionTokenOf } from '../auth/session.ts';
import type { TDb } from '../db/client.ts';
import { parseJson, requireUser, type TAppContext, type TAppEnv } from '../lib/http.ts';
import { clientAddress } from '../lib/rate-limit.ts';
import { changePassword } from '../services/account/change-password.ts';
import { deleteAccount } from '../services/account/delete-account.ts';
import { exportAccount } from '../services/account/export-data.ts';
import { setBirthDate } from '../services/account/set-birth-date.ts';
import type { TStorage } from '../storage/index.ts';

const SESSION_COOKIES = ['authjs.session-token', '__Secure-authjs.session-token'];

export type TPasswordOptions = { backoff: TSignInBackoff; trustProxy: boolean };
/** The youngest age that may have an account (MIN_AGE, or 18 with ADULTS_ONLY). */
export type TAgeOptions = { minAge: number };

function endSessionCookies(c: TAppContext) {
  for (const name of SESSION_COOKIES) {
    deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
  }
}

export function accountRoutes(
  db: TDb,
  storage: TStorage,
  adminEmails: readonly string[],
  passwords: TPasswordOptions,
  ages: TAgeOptions,
) {
  return (
    new Hono<TAppEnv>()
      // Asked once after a sign-in that brought no date of birth (Google). Too young: no account.
      .put('/birth-date', async (c) => {
        const user = requireUser(c);
        const { birthDate } = await parseJson(c, ZSetBirthDate);
        const { deleted } = await setBirthDate(
          { db, storage, adminEmails, log: c.get('log'), minAge: ages.minAge },
          user,
          birthDate,
        );
        if (deleted) {
          endSessionCookies(c);
          return c.json({ code: 'forbidden', message: tooYoungMessage(ages.minAge), deleted: true }, 403);
        }
        return c.json({ birthDate });
      })
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
        endSessionCookies(c);
        return c.json({ deleted: true, filesRemoved });
      })
  );
}
