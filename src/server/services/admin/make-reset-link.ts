// The owner makes a password reset link for someone (the way a link reaches a person without SMTP).

import type { TResetLink } from '../../../shared/recovery.ts';
import { makeAccountLink } from '../../auth/idp/account-links.ts';
import type { TDb } from '../../db/client.ts';
import { findIdpAccountByEmail } from '../../db/queries/idp.ts';
import { AppError } from '../../lib/errors.ts';

export async function makeResetLinkFor(
  db: TDb,
  opts: { email: string; publicUrl: string; isIdpEnabled: boolean },
): Promise<TResetLink> {
  if (!opts.isIdpEnabled) {
    throw new AppError('conflict', 'People sign in with Google here: Google resets their passwords.');
  }
  const account = await findIdpAccountByEmail(db, opts.email.toLowerCase());
  if (!account) throw new AppError('not_found', 'No Kindred ID account uses that email');
  const link = await makeAccountLink(db, {
    accountId: account.id,
    purpose: 'reset',
    publicUrl: opts.publicUrl,
  });
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}
