// Mounts the bundled provider in the Hono app: our own sign-in and sign-up pages, then oidc-provider for the protocol.
import { createHash } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { tooYoungMessage, ZBirthDate } from '../../../shared/birth-date.ts';
import { ageOn } from '../../../shared/safety.ts';
import { ZText } from '../../../shared/text.ts';
import type { TDb } from '../../db/client.ts';
import { findIdpAccountByEmail, insertIdpAccount } from '../../db/queries/idp.ts';
import { AppError } from '../../lib/errors.ts';
import type { TLogger } from '../../lib/logger.ts';
import { clientAddress, type TRateLimits } from '../../lib/rate-limit.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { KNOWN_DEVICE_COOKIE, knownDeviceId, rememberDevice } from './known-device.ts';
import { hashPassword, PASSWORD_MAX, passwordProblem, verifyPassword } from './password.ts';
import { escapeHtml } from './provider.ts';
import { VERIFY_FIRST } from './recovery-pages.ts';
import { mountRecoveryRoutes } from './recovery-routes.ts';
import { addressSource, deviceSource, type TSignInBackoff } from './sign-in-backoff.ts';
import {
  renderSignInPage,
  renderSignUpClosedPage,
  renderSignUpPage,
  SIGN_UP_RECEIVED,
} from './sign-in-page.ts';
import { tellOwnerOfTakenEmail } from './taken-email-notice.ts';

const ZEmail = z.email('Enter a valid email address').max(254);
const ZPassword = ZText.min(1, 'Enter your password').max(PASSWORD_MAX);

const ZSignInForm = z.object({ email: ZEmail, password: ZPassword });
const ZSignUpForm = z.object({
  email: ZEmail,
  name: ZText.trim().min(1, 'Enter a display name').max(50, 'Display name is at most 50 characters'),
  password: ZText.max(PASSWORD_MAX * 4),
  birthDate: ZBirthDate,
});

export const idpAccountId = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

type TNodeEnv = { Bindings: HttpBindings };

export type TIdpRouteOptions = {
  providerName: string;
  allowSignup: boolean;
  limits: TRateLimits;
  /** Wrong passwords per account and address (or known device), with exponential back-off. */
  backoff: TSignInBackoff;
  /** The youngest age that may have an account (MIN_AGE, or 18 with ADULTS_ONLY). */
  minAge: number;
  /** Signs the known-device cookie. */
  secret: string;
  trustProxy: boolean;
  publicUrl: string;
  /**
   * Sends recovery and verification links, and tells an account's owner when someone signs up with
   * their email (null without SMTP_URL: links go to the log and new emails count as verified).
   */
  mailer: TMailer | null;
  log: TLogger;
};

/** The bundled provider writes some responses straight to the socket, so its headers go on the socket too. */
export function idpSecurityHeaders(publicUrl: string): Record<string, string> {
  const self = new URL(publicUrl).origin;
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      "img-src 'self' data:",
      `form-action 'self' ${self}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

export function createIdpRoutes(provider: Provider, db: TDb, opts: TIdpRouteOptions) {
  const app = new Hono<TNodeEnv>();
  const callback = provider.callback();
  const { providerName, allowSignup, limits } = opts;
  const headers = idpSecurityHeaders(opts.publicUrl);

  app.use(async (c, next) => {
    for (const [name, value] of Object.entries(headers)) c.env.outgoing.setHeader(name, value);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  const details = async (c: Context<TNodeEnv>) => {
    const { incoming, outgoing } = c.env;
    const found = await provider.interactionDetails(incoming, outgoing).catch(() => null);
    return found && found.uid === c.req.param('uid') ? found : null;
  };

  /** Every password post counts against the address; a 429 page carries Retry-After. */
  const limitAddress = async (c: Context<TNodeEnv>) => {
    await limits.signInAddress.consume(clientAddress(c as never, opts.trustProxy));
  };

  const limited = (c: Context<TNodeEnv>, error: unknown, render: (message: string) => string) => {
    if (error instanceof AppError && error.code === 'too_many_requests') {
      return c.html(render(error.message), 429, error.headers);
    }
    throw error;
  };

  const sendVerification = mountRecoveryRoutes(app, db, opts);

  app.get('/interaction/:uid', async (c) => {
    const found = await details(c);
    if (!found) return c.html(expiredPage(), 400);
    return c.html(renderSignInPage({ uid: found.uid, providerName, allowSignup }));
  });

  app.get('/interaction/:uid/signup', async (c) => {
    const found = await details(c);
    if (!found) return c.html(expiredPage(), 400);
    if (!allowSignup) return c.html(renderSignUpClosedPage({ uid: found.uid, providerName }), 403);
    return c.html(renderSignUpPage({ uid: found.uid, providerName }));
  });

  app.post('/interaction/:uid/login', async (c) => {
    const found = await details(c);
    if (!found) return c.html(expiredPage(), 400);
    const form = await c.req.parseBody();
    const values = { email: field(form, 'email') };
    const show = (error: string) =>
      renderSignInPage({ uid: found.uid, providerName, allowSignup, error, values });
    const parsed = ZSignInForm.safeParse({ email: field(form, 'email'), password: field(form, 'password') });
    if (!parsed.success) return c.html(show(parsed.error.issues[0]?.message ?? 'Check the form'), 400);
    const email = parsed.data.email.toLowerCase();
    const accountId = idpAccountId(email);
    // A device that has signed in to this account before is counted on its own, so guesses from the
    // same address (a shared network) do not lock its owner out; other posts count against the address.
    const deviceCookie = getCookie(c, KNOWN_DEVICE_COOKIE);
    const deviceId = knownDeviceId(deviceCookie, accountId, opts.secret);
    const key = {
      accountId,
      source: deviceId ? deviceSource(deviceId) : addressSource(clientAddress(c as never, opts.trustProxy)),
    };
    try {
      if (!deviceId) await limitAddress(c);
      await opts.backoff.check(key);
    } catch (error) {
      return limited(c, error, show);
    }
    const account = await findIdpAccountByEmail(db, email);
    // Unknown emails are checked against a dummy hash, so they take as long as a wrong password.
    const isRight = await verifyPassword(parsed.data.password, account?.passwordHash);
    if (!account || !isRight) {
      await opts.backoff.failed(key);
      return c.html(show('Wrong email or password'), 401);
    }
    await opts.backoff.succeeded(key);
    // Only someone who knows the password learns that the email is not confirmed yet.
    if (!account.emailVerifiedAt) {
      await sendVerification(account);
      return c.html(show(VERIFY_FIRST), 403);
    }
    c.env.outgoing.appendHeader(
      'Set-Cookie',
      rememberDevice(deviceCookie, account.id, {
        secret: opts.secret,
        isSecure: opts.publicUrl.startsWith('https://'),
      }),
    );
    await provider.interactionFinished(
      c.env.incoming,
      c.env.outgoing,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
    return RESPONSE_ALREADY_SENT;
  });

  app.post('/interaction/:uid/signup', async (c) => {
    const found = await details(c);
    if (!found) return c.html(expiredPage(), 400);
    if (!allowSignup) return c.html(renderSignUpClosedPage({ uid: found.uid, providerName }), 403);
    const form = await c.req.parseBody();
    const values = {
      email: field(form, 'email'),
      name: field(form, 'name'),
      birthDate: field(form, 'birthDate'),
    };
    const show = (error: string) => renderSignUpPage({ uid: found.uid, providerName, error, values });
    const parsed = ZSignUpForm.safeParse({
      email: field(form, 'email'),
      name: field(form, 'name'),
      password: field(form, 'password'),
      birthDate: field(form, 'birthDate'),
    });
    if (!parsed.success) return c.html(show(parsed.error.issues[0]?.message ?? 'Check the form'), 400);
    // Too young: no account, and nothing stored.
    if (ageOn(parsed.data.birthDate) < opts.minAge) return c.html(show(tooYoungMessage(opts.minAge)), 403);
    const email = parsed.data.email.toLowerCase();
    const problem = passwordProblem(parsed.data.password, email);
    if (problem) return c.html(show(problem), 400);
    try {
      await limitAddress(c);
    } catch (error) {
      return limited(c, error, show);
    }
    // New or taken, the email gets the same work (a hash, one insert) and the same answer: the sign-in
    // form with a neutral line, so sign-up tells nobody whether an email has an account.
    const account = await insertIdpAccount(db, {
      id: idpAccountId(email),
      email,
      name: parsed.data.name,
      passwordHash: await hashPassword(parsed.data.password),
      // With SMTP the email is confirmed by a link; without it there is no way to, so it counts as given.
      emailVerifiedAt: opts.mailer ? null : new Date(),
      birthDate: parsed.data.birthDate,
    });
    if (!account)
      tellOwnerOfTakenEmail({ mailer: opts.mailer, log: opts.log, publicUrl: opts.publicUrl }, email);
    else if (!account.emailVerifiedAt) await sendVerification(account);
    return c.html(
      renderSignInPage({
        uid: found.uid,
        providerName,
        allowSignup,
        notice: SIGN_UP_RECEIVED,
        values: { email },
      }),
      200,
    );
  });

  app.all('/*', async (c) => {
    const { incoming, outgoing } = c.env;
    // oidc-provider builds its URLs from originalUrl and routes on url without our mount prefix.
    const original = incoming.url ?? '/';
    Object.assign(incoming, { originalUrl: original, url: original.replace(/^\/idp/, '') || '/' });
    await callback(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  });

  return app;
}

function expiredPage() {
  return `<!doctype html><title>Sign-in expired</title><p>${escapeHtml('This sign-in link has expired.')}</p><p><a href="/login">Start again</a></p>`;
}
