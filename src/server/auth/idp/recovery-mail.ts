// The recovery emails (reset link, verification link); without SMTP_URL the link goes to the server log,
// where the owner of the installation can pass it on (or make one at /admin).
import type { TLogger } from '../../lib/logger.ts';
import type { TMailer } from '../../mail/mailer.ts';
import { RESET_LINK_MINUTES, type TAccountLink, VERIFY_LINK_HOURS } from './account-links.ts';

export const RESET_SUBJECT = 'Reset your Kindred password';
export const VERIFY_SUBJECT = 'Confirm your email for Kindred';

function resetText(link: TAccountLink): string {
  return [
    'Someone (we hope you) asked to reset the password of your Kindred account.',
    '',
    `Open this link to choose a new password. It works once, for ${RESET_LINK_MINUTES} minutes:`,
    link.url,
    '',
    'If you did not ask, ignore this email: your password stays as it is.',
  ].join('\n');
}

function verifyText(link: TAccountLink): string {
  return [
    'Welcome to Kindred. Open this link to confirm that this email is yours, then sign in:',
    link.url,
    '',
    `It works once, for ${VERIFY_LINK_HOURS} hours. If you did not sign up, ignore this email.`,
  ].join('\n');
}

type TDeps = { mailer: TMailer | null; log: TLogger };

/** Sent in the background: the answer must not wait for (or time) the mail relay. */
function deliver(deps: TDeps, to: string, subject: string, text: string, link: TAccountLink) {
  if (!deps.mailer) {
    // The only way the link reaches anyone without SMTP: the operator reads the log.
    deps.log.warn({ link: link.url, expiresAt: link.expiresAt }, `${subject} (no SMTP_URL, so not emailed)`);
    return;
  }
  deps.mailer
    .send({ to, subject, text })
    .catch((error: unknown) => deps.log.warn({ err: error }, `sending "${subject}" failed`));
}

export const sendResetLink = (deps: TDeps, to: string, link: TAccountLink) =>
  deliver(deps, to, RESET_SUBJECT, resetText(link), link);

export const sendVerifyLink = (deps: TDeps, to: string, link: TAccountLink) =>
  deliver(deps, to, VERIFY_SUBJECT, verifyText(link), link);
