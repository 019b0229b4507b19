// The date of birth a person who signed in without one (Google) gives once after signing in (issue 23).
// Under the youngest age allowed (MIN_AGE, or 18 with ADULTS_ONLY) no account is kept: it is deleted,
// with everything of it, as 'Delete my account' would.
import { ageOn } from '../../../shared/safety.ts';
import type { TDb } from '../../db/client.ts';
import { setBirthDateOnce } from '../../db/queries/users.ts';
import { AppError } from '../../lib/errors.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TStorage } from '../../storage/index.ts';
import { deleteAccount } from './delete-account.ts';

export async function setBirthDate(
  deps: { db: TDb; storage: TStorage; adminEmails: readonly string[]; log: TLogger; minAge: number },
  user: { id: number; email: string; username: string; birthDate: string | null },
  birthDate: string,
): Promise<{ deleted: boolean }> {
  // Asked once: a date given (at sign-up or here) is not changed by this call.
  if (user.birthDate) throw new AppError('conflict', 'Your date of birth is already set');
  if (ageOn(birthDate) < deps.minAge) {
    await deleteAccount(deps, user, { confirm: user.username, leaveWithoutOwner: true });
    return { deleted: true };
  }
  if (!(await setBirthDateOnce(deps.db, user.id, birthDate))) {
    throw new AppError('conflict', 'Your date of birth is already set');
  }
  return { deleted: false };
}
