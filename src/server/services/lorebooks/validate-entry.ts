// Refuses entries a scan could not run safely: regex keys that are invalid or could run away.
import type { TLoreEntryFields } from '../../../shared/lorebooks.ts';
import { AppError } from '../../lib/errors.ts';
import { regexKeyProblem } from '../../lorebooks/regex-keys.ts';

export function assertSafeKeys(fields: TLoreEntryFields): void {
  for (const key of [...fields.keys, ...fields.secondaryKeys]) {
    const problem = regexKeyProblem(key);
    if (problem) throw new AppError('bad_request', `The key “${key}” is refused: ${problem}.`);
  }
  if (!fields.constant && fields.keys.length === 0) {
    throw new AppError('bad_request', 'An entry needs at least one key, or to be constant.');
  }
}
