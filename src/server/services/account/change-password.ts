// Change password on /profile: the current one first (wrong ones count towards the sign-in back-off),
// then the strength floor; every other session of the person ends.

import type { TChangePassword } from '../../../shared/recovery.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/idp/password.ts';
import type { TSignInBackoff } from '../../auth/idp/sign-in-backoff.ts';
import type { TDb } from '../../db/client.ts';
import {
  endSessionsOfIdpAccount,
  idpAccountOfUser,
  setIdpPassword,
} from '../../db/queries/account-tokens.ts';
import { AppError } from '../../lib/errors.ts';

export type TChangePasswordDeps = { db: TDb; backoff: TSignInBackoff };

export async function changePassword(
  deps: TChangePasswordDeps,
  opts: { userId: number; sessionToken: string | undefined; source: string; input: TChangePassword },
): Promise<void> {
  const account = await idpAccountOfUser(deps.db, opts.userId);
  if (!account) {
    throw new AppError('conflict', 'Your account signs in with Google: change your password there.');
  }
  if (!account.passwordHash) {
    throw new AppError(
      'conflict',
      "Your account has no password yet: sign out and use 'Forgot password?' on the sign-in page to set one.",
    );
  }
  const key = { accountId: account.id, source: opts.source };
  await deps.backoff.check(key);
  if (!(await verifyPassword(opts.input.currentPassword, account.passwordHash))) {
    await deps.backoff.failed(key);
    throw new AppError('forbidden', 'Your current password is not right');
  }
  await deps.backoff.succeeded(key);
  const problem = passwordProblem(opts.input.newPassword, account.email);
  if (problem) throw new AppError('bad_request', problem);
  await setIdpPassword(deps.db, account.id, await hashPassword(opts.input.newPassword));
  await endSessionsOfIdpAccount(deps.db, account.id, opts.sessionToken);
}
