// SQL for the person's persona (who they are, told to every character).
import { eq } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { users } from '../schema.ts';

export async function findPersona(db: TDb, userId: number): Promise<string | null> {
  const [row] = await db.select({ persona: users.persona }).from(users).where(eq(users.id, userId));
  return row?.persona ?? null;
}

export async function savePersona(db: TDb, userId: number, persona: string | null): Promise<void> {
  await db.update(users).set({ persona }).where(eq(users.id, userId));
}
