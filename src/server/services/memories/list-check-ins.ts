// The Notifications panel: check-ins from every character, newest first.

import type { TCheckInItem } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { listCheckIns } from '../../db/queries/check-ins.ts';

export async function checkInsOf(db: TDb, userId: number): Promise<TCheckInItem[]> {
  return (await listCheckIns(db, userId, 50)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
