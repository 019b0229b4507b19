// SQL that keeps the built-in characters' lorebooks in step with the code (rewritten only when changed).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TLorebookSettings, TLoreEntryFields } from '../../../shared/lorebooks.ts';
import type { TDb } from '../client.ts';
import { lorebookEntries, lorebooks } from '../schema.ts';

export type TBuiltInLorebook = {
  characterId: number;
  name: string;
  description: string;
  settings: TLorebookSettings;
  entries: TLoreEntryFields[];
};

export async function upsertBuiltInLorebook(db: TDb, book: TBuiltInLorebook): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(lorebooks)
      .values({ userId: null, characterId: book.characterId, name: book.name, ...book.settings })
      .onConflictDoNothing({
        target: lorebooks.characterId,
        where: sql`${lorebooks.characterId} is not null`,
      });
    // Locked, so instances starting together rewrite it one after another.
    const [row] = await tx
      .select()
      .from(lorebooks)
      .where(and(eq(lorebooks.characterId, book.characterId), isNull(lorebooks.userId)))
      .for('update');
    if (!row) return;
    const stored = await tx
      .select()
      .from(lorebookEntries)
      .where(eq(lorebookEntries.lorebookId, row.id))
      .orderBy(lorebookEntries.sort);
    const wanted = JSON.stringify({ ...book, entries: book.entries });
    const current = JSON.stringify({
      characterId: row.characterId,
      name: row.name,
      description: row.description,
      settings: {
        scanDepth: row.scanDepth,
        tokenBudget: row.tokenBudget,
        recursiveScanning: row.recursiveScanning,
        maxRecursionSteps: row.maxRecursionSteps,
      },
      entries: stored.map(({ id, lorebookId, sort, source, createdAt, ...fields }) => fields),
    });
    if (wanted === current) return;
    await tx
      .update(lorebooks)
      .set({ name: book.name, description: book.description, ...book.settings, updatedAt: sql`now()` })
      .where(eq(lorebooks.id, row.id));
    await tx.delete(lorebookEntries).where(eq(lorebookEntries.lorebookId, row.id));
    await tx
      .insert(lorebookEntries)
      .values(book.entries.map((fields, sort) => ({ lorebookId: row.id, sort, ...fields })));
  });
}
