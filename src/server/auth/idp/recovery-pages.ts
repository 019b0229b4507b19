// The bundled provider's recovery pages: ask for a reset link, choose a new password, confirm an email.
import { RESET_LINK_MINUTES } from './account-links.ts';
import { PASSWORD_MIN } from './password.ts';
import { escapeHtml } from './provider.ts';
import { emailInput, errorLine, introLine, page } from './sign-in-page.ts';

/** The answer to 'Forgot password?', whether or not the email has an account (so it tells nobody which). */
export const RESET_REQUESTED = `If an account uses that email, we have sent it a link to choose a new password. The link works once, for ${RESET_LINK_MINUTES} minutes.`;

/** Sign-in with the right password before the email was confirmed (only when SMTP is set). */
export const VERIFY_FIRST = 'Confirm your email first: we have sent you a link. Open it, then sign in here.';

const signInLink = '<p class="switch"><a href="/login">Back to sign-in</a></p>';

export function renderForgotPage(opts: {
  providerName: string;
  notice?: string;
  error?: string;
  email?: string;
}): string {
  return page(
    'Forgot password',
    opts.providerName,
    `  ${introLine(opts.notice, 'Enter the email of your account and we will send you a link to choose a new password.')}
  <form method="post" action="/idp/password/forgot">
    <label for="email">Email</label>
    ${emailInput(opts.email, 'username')}
    ${errorLine(opts.error)}
    <button type="submit">Send reset link</button>
  </form>
  ${signInLink}`,
  );
}

export function renderResetPage(opts: { providerName: string; token: string; error?: string }): string {
  return page(
    'Choose a new password',
    opts.providerName,
    `  <p>Choose a new password for your account. Every device signed in to it will be signed out.</p>
  <form method="post" action="/idp/password/reset">
    <input type="hidden" name="token" value="${escapeHtml(opts.token)}">
    <label for="password">New password</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" aria-describedby="password-hint">
    <p class="hint" id="password-hint">At least ${PASSWORD_MIN} characters; not a common password.</p>
    ${errorLine(opts.error)}
    <button type="submit">Save new password</button>
  </form>`,
  );
}

export function renderMessagePage(opts: {
  providerName: string;
  title: string;
  message: string;
  isAlert?: boolean;
  link?: { href: string; text: string };
}): string {
  const link = opts.link ?? { href: '/login', text: 'Sign in' };
  return page(
    opts.title,
    opts.providerName,
    `  <p role="${opts.isAlert ? 'alert' : 'status'}">${escapeHtml(opts.message)}</p>
  <p class="switch"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

export const PASSWORD_CHANGED =
  'Your password is changed, and every device that was signed in has been signed out. Sign in with the new password.';
export const LINK_UNUSABLE = 'This link has expired or has already been used. Ask for a new one.';
export const EMAIL_CONFIRMED = 'Your email is confirmed. You can sign in now.';
