// 'Forgot password?' and email verification on the bundled provider: neutral answers, single-use links
// that expire, rate limits per address and per account, and every session ended by a new password.
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { ZText } from '../../../shared/text.ts';
import type { TDb } from '../../db/client.ts';
import {
  endSessionsOfIdpAccount,
  findLiveAccountToken,
  markIdpEmailVerified,
  retireAccountTokens,
  setIdpPassword,
} from '../../db/queries/account-tokens.ts';
import { findIdpAccount, findIdpAccountByEmail } from '../../db/queries/idp.ts';
import { AppError } from '../../lib/errors.ts';
import type { TLogger } from '../../lib/logger.ts';
import { clientAddress, createLimiter, type TRateLimits } from '../../lib/rate-limit.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { hashAccountToken, makeAccountLink, redeemAccountLink } from './account-links.ts';
import { hashPassword, PASSWORD_MAX, passwordProblem } from './password.ts';
import { sendResetLink, sendVerifyLink } from './recovery-mail.ts';
import {
  EMAIL_CONFIRMED,
  LINK_UNUSABLE,
  PASSWORD_CHANGED,
  RESET_REQUESTED,
  renderForgotPage,
  renderMessagePage,
  renderResetPage,
} from './recovery-pages.ts';

/** Links one account may be sent an hour (reset and verification each): more are dropped silently. */
export const LINKS_PER_ACCOUNT_PER_HOUR = 3;

export type TRecoveryOptions = {
  providerName: string;
  limits: TRateLimits;
  trustProxy: boolean;
  publicUrl: string;
  mailer: TMailer | null;
  log: TLogger;
};

const ZEmail = z.email('Enter a valid email address').max(254);
const ZToken = z.string().regex(/^[\w-]{20,100}$/);
const ZNewPassword = ZText.max(PASSWORD_MAX * 4);

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/** Sends a verification link to a new account when the per-account hourly allowance has room. */
export type TSendVerification = (account: { id: string; email: string }) => Promise<void>;

export function mountRecoveryRoutes(
  app: Hono<{ Bindings: HttpBindings }>,
  db: TDb,
  opts: TRecoveryOptions,
): TSendVerification {
  const { providerName } = opts;
  const perAccount = createLimiter(db, {
    name: 'account-links',
    points: LINKS_PER_ACCOUNT_PER_HOUR,
    durationSec: 3600,
    what: 'links',
  });
  /** Whether this account may be sent another link of this kind now (counts one when it may). */
  const mayLink = (accountId: string, purpose: string) =>
    perAccount.consume(`${purpose}:${accountId}`).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError) return false;
        throw error;
      },
    );
  const deps = { mailer: opts.mailer, log: opts.log };

  const sendVerification: TSendVerification = async (account) => {
    if (!(await mayLink(account.id, 'verify'))) return;
    const link = await makeAccountLink(db, {
      accountId: account.id,
      purpose: 'verify',
      publicUrl: opts.publicUrl,
    });
    sendVerifyLink(deps, account.email, link);
  };

  app.get('/password/forgot', (c: Context) => c.html(renderForgotPage({ providerName })));

  app.post('/password/forgot', async (c: Context) => {
    const form = await c.req.parseBody();
    const parsed = ZEmail.safeParse(field(form, 'email'));
    if (!parsed.success) {
      const error = parsed.error.issues[0]?.message ?? 'Enter a valid email address';
      return c.html(renderForgotPage({ providerName, error, email: field(form, 'email') }), 400);
    }
    try {
      await opts.limits.signInAddress.consume(clientAddress(c as never, opts.trustProxy));
    } catch (error) {
      if (error instanceof AppError && error.code === 'too_many_requests') {
        return c.html(renderForgotPage({ providerName, error: error.message }), 429, error.headers);
      }
      throw error;
    }
    const account = await findIdpAccountByEmail(db, parsed.data.toLowerCase());
    if (account && (await mayLink(account.id, 'reset'))) {
      const link = await makeAccountLink(db, {
        accountId: account.id,
        purpose: 'reset',
        publicUrl: opts.publicUrl,
      });
      sendResetLink(deps, account.email, link);
    }
    return c.html(renderForgotPage({ providerName, notice: RESET_REQUESTED }));
  });

  const unusable = (c: Context) =>
    c.html(
      renderMessagePage({
        providerName,
        title: 'Link expired',
        message: LINK_UNUSABLE,
        isAlert: true,
        link: { href: '/idp/password/forgot', text: 'Ask for a new link' },
      }),
      400,
    );

  app.get('/password/reset', async (c: Context) => {
    const token = ZToken.safeParse(c.req.query('token'));
    if (!token.success || !(await findLiveAccountToken(db, hashAccountToken(token.data), 'reset'))) {
      return unusable(c);
    }
    return c.html(renderResetPage({ providerName, token: token.data }));
  });

  app.post('/password/reset', async (c: Context) => {
    const form = await c.req.parseBody();
    const token = ZToken.safeParse(field(form, 'token'));
    const accountId = token.success
      ? await findLiveAccountToken(db, hashAccountToken(token.data), 'reset')
      : undefined;
    const account = accountId ? await findIdpAccount(db, accountId) : undefined;
    if (!token.success || !account) return unusable(c);
    const password = ZNewPassword.safeParse(field(form, 'password'));
    const problem = password.success
      ? passwordProblem(password.data, account.email)
      : (password.error.issues[0]?.message ?? 'Check the password');
    if (problem || !password.success) {
      return c.html(renderResetPage({ providerName, token: token.data, error: problem ?? undefined }), 400);
    }
    const passwordHash = await hashPassword(password.data);
    // Used here, once: a second post of the same form (or a race) finds it used.
    if ((await redeemAccountLink(db, token.data, 'reset')) !== account.id) return unusable(c);
    await setIdpPassword(db, account.id, passwordHash);
    await retireAccountTokens(db, account.id, 'reset');
    await endSessionsOfIdpAccount(db, account.id);
    opts.log.info('a password was reset through a reset link; every session of the account was ended');
    return c.html(renderMessagePage({ providerName, title: 'Password changed', message: PASSWORD_CHANGED }));
  });

  app.get('/verify', async (c: Context) => {
    const token = c.req.query('token') ?? '';
    const accountId = await redeemAccountLink(db, token, 'verify');
    if (!accountId) {
      return c.html(
        renderMessagePage({ providerName, title: 'Link expired', message: LINK_UNUSABLE, isAlert: true }),
        400,
      );
    }
    await markIdpEmailVerified(db, accountId);
    return c.html(renderMessagePage({ providerName, title: 'Email confirmed', message: EMAIL_CONFIRMED }));
  });

  return sendVerification;
}
