// The start-up log line that says who owns this installation (or that nobody does, and how to fix it).
import { NO_OWNER_MESSAGE, ownershipState } from '../../auth/owner.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TLogger } from '../../lib/logger.ts';

export async function logOwnership(db: TDb, config: Pick<TConfig, 'adminEmails'>, log: TLogger) {
  const state = await ownershipState(db, config.adminEmails);
  const by = config.adminEmails.length > 0 ? 'ADMIN_EMAILS' : 'first account';
  if (state === 'ownerless') log.warn({ ownership: state }, NO_OWNER_MESSAGE);
  else log.info({ ownership: state, by }, `owner: ${state === 'owned' ? by : `${by} (not signed up yet)`}`);
}
