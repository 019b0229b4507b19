// SQL for the user persona (who the person says they are, told to every character).
import { eq } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { users } from '../schema.ts';

export async function findUserPersona(db: TDb, userId: number): Promise<string | null> {
  const [row] = await db.select({ userPersona: users.userPersona }).from(users).where(eq(users.id, userId));
  return row?.userPersona ?? null;
}

export async function saveUserPersona(db: TDb, userId: number, userPersona: string | null): Promise<void> {
  await db.update(users).set({ userPersona }).where(eq(users.id, userId));
}
