// The person's time zone as their browser reports it: check-ins keep to their waking hours.
import type { TDb } from '../../db/client.ts';
import { saveTimeZone } from '../../db/queries/check-ins.ts';

export async function setTimeZone(db: TDb, userId: number, timeZone: string) {
  await saveTimeZone(db, userId, timeZone);
  return { timeZone };
}
