// SQL for a person's chosen chat switches (one row per person who chose anything).
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { type TUserSettingsRow, userSettings } from '../schema.ts';

export async function findUserSettings(db: TDb, userId: number): Promise<TUserSettingsRow | undefined> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

/** Stores the switches named in `change` (undefined ones keep their stored value). */
export async function saveUserSettings(
  db: TDb,
  userId: number,
  change: { voicePlayback?: boolean; internalMonologue?: boolean; characterMemory?: boolean },
): Promise<TUserSettingsRow> {
  const set = {
    ...(change.voicePlayback === undefined ? {} : { voicePlayback: change.voicePlayback }),
    ...(change.internalMonologue === undefined ? {} : { internalMonologue: change.internalMonologue }),
    ...(change.characterMemory === undefined ? {} : { characterMemory: change.characterMemory }),
  };
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...set, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
