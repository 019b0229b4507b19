// Sign-up with an email that already has an account answers like any sign-up; the account's owner is told
// by email instead (when SMTP is set), so only the owner learns of it.
import type { TLogger } from '../../lib/logger.ts';
import type { TMailer } from '../../mail/mailer.ts';

export const TAKEN_EMAIL_SUBJECT = 'Someone tried to create a Kindred account with your email';

export function takenEmailText(publicUrl: string): string {
  return [
    `Someone (perhaps you) tried to create a new account on Kindred (${publicUrl}) with this email address, which already has an account there.`,
    '',
    'Nothing was changed: your account and your password are as they were.',
    '',
    'If it was you, sign in with your existing password. If it was not, you can ignore this email.',
  ].join('\n');
}

/** Sent in the background: the sign-up's answer must not wait for (or time) the mail relay. */
export function tellOwnerOfTakenEmail(
  deps: { mailer: TMailer | null; log: TLogger; publicUrl: string },
  email: string,
): void {
  if (!deps.mailer) {
    deps.log.info('sign-up with an email that already has an account; no SMTP_URL, so its owner is not told');
    return;
  }
  deps.mailer
    .send({ to: email, subject: TAKEN_EMAIL_SUBJECT, text: takenEmailText(deps.publicUrl) })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'telling an account owner of a sign-up failed'));
}
