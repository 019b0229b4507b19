// BM25's per-person statistics (migration 0023's triggers) follow every insert, edit and delete, and one
// person's words never score another's memories.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { insertTestMemory } from '../../../test-support/test-memories.ts';
import { rowsOf } from '../client.ts';
import { memories, users } from '../schema.ts';
import { deleteMemory } from './memories.ts';
import { bm25Arm } from './memory-arms.ts';
import { BM25_SETTINGS } from './memory-search.ts';

const _SERAPHINE = 1;
const database = setUpTestDatabase();

const add = (userId: number, content: string) => insertTestMemory(database.db, { userId, content });
const stats = async (userId: number) => {
  const totals = rowsOf<{ docs: number; length_sum: number }>(
    await database.db.execute(sql`select docs, length_sum from memory_term_totals where user_id = ${userId}`),
  )[0];
  const counts = rowsOf<{ term: string; df: number }>(
    await database.db.execute(
      sql`select term, df from memory_term_counts where user_id = ${userId} order by term`,
    ),
  );
  return {
    docs: Number(totals?.docs ?? 0),
    length: Number(totals?.length_sum ?? 0),
    df: Object.fromEntries(counts.map((c) => [c.term, Number(c.df)])),
  };
};
const search = (userId: number, text: string) =>
  bm25Arm(database.db, { userId, characterId: null, text, ...BM25_SETTINGS });

describe('BM25 statistics beside the memories', () => {
  it('counts terms per person through insert, edit and delete, and scores with them', async () => {
    const me = (await createSignedInUser(database)).id;
    const dog = await add(me, 'My dog Biscuit loves the beach, Biscuit swims every day');
    const cat = await add(me, 'My cat Mango sleeps all day');
    await add(me, 'Work was long today');
    expect(await stats(me)).toMatchObject({ docs: 3, df: { day: 2, biscuit: 1, dog: 1, work: 1 } });
    // 'biscuit' twice in one memory: its term frequency is 2, the memory's length counts both.
    const [posting] = rowsOf<{ tf: number; dl: number }>(
      await database.db.execute(
        sql`select tf, dl from memory_terms where memory_id = ${dog.id} and term = 'biscuit'`,
      ),
    );
    expect(posting).toEqual({ tf: 2, dl: 8 });

    // A rare word outranks a common one; the memory with the word twice outranks the one with it once.
    expect((await search(me, 'Biscuit at the beach')).map((h) => h.id)).toEqual([dog.id]);
    const both = await search(me, 'what does my pet do all day');
    expect(both.map((h) => h.id).sort()).toEqual([dog.id, cat.id].sort());

    await database.db
      .update(memories)
      .set({ content: 'My cat Mango is scared of the hoover' })
      .where(eq(memories.id, cat.id));
    const edited = await stats(me);
    expect(edited.df).toMatchObject({ day: 1, hoover: 1 });
    expect(edited.df.sleep).toBeUndefined();
    expect((await search(me, 'hoover')).map((h) => h.id)).toEqual([cat.id]);

    await deleteMemory(database.db, me, dog.id);
    const after = await stats(me);
    expect(after.docs).toBe(2);
    expect(after.df.biscuit).toBeUndefined();
    expect(await search(me, 'Biscuit')).toEqual([]);
  });

  it("another person's memories and words are never scored, and a deleted person leaves no statistics", async () => {
    const me = (await createSignedInUser(database)).id;
    const other = (await createSignedInUser(database)).id;
    await add(other, 'My secret recipe uses saffron and cardamom');
    const mine = await add(me, 'I baked bread with cardamom');
    expect((await search(me, 'saffron cardamom')).map((h) => h.id)).toEqual([mine.id]);
    expect(await stats(me)).toMatchObject({ docs: 1, df: { cardamom: 1 } });

    await database.db.delete(users).where(eq(users.id, other));
    expect(await stats(other)).toEqual({ docs: 0, length: 0, df: {} });
    const orphans = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from memory_terms where user_id = ${other}`),
    );
    expect(Number(orphans[0]?.n)).toBe(0);
  });
});
