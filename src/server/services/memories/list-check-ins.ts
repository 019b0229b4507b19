// The Notifications panel: check-ins from every character, newest first.
import type { TDb } from '../../db/client.ts';
import { listCheckIns } from '../../db/queries/check-ins.ts';

export type TCheckInItem = {
  uuid: string;
  characterId: number;
  characterName: string;
  read: boolean;
  createdAt: string;
};

export async function checkInsOf(db: TDb, userId: number): Promise<TCheckInItem[]> {
  return (await listCheckIns(db, userId, 50)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
