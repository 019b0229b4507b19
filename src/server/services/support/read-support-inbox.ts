// The operator's support inbox: priority (Plus) messages first, then the newest.
import type { TSupportMessage } from '../../../shared/billing.ts';
import type { TDb } from '../../db/client.ts';
import { supportInbox } from '../../db/queries/support.ts';

export async function readSupportInbox(db: TDb, opts: { limit: number }): Promise<TSupportMessage[]> {
  const rows = await supportInbox(db, opts);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
