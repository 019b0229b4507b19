import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../test-support/set-up.ts';
import { createSignedInUser } from '../../test-support/test-app.ts';
import { insertTestMemory } from '../../test-support/test-memories.ts';
import { rowsOf } from '../db/client.ts';
import { searchMemories } from '../db/queries/memory-search.ts';
import { memories } from '../db/schema.ts';
import { type TVectorParam, toVectorParam } from '../db/vector-param.ts';
import { detectSearchCapabilities } from './search-capabilities.ts';
import { createSignsCache, SIGNS_CANDIDATES } from './signs-cache.ts';

const SERAPHINE = 1;
const database = setUpTestDatabase();
const hasVector = async () => (await detectSearchCapabilities(database.db)).vector;

/** A unit vector of 512 numbers made from a seed (the same seed, the same vector). */
const vectorOf = (seed: number) => {
  let x = seed * 7919 + 17;
  const v = Array.from({ length: 512 }, () => {
    x = (x * 48271) % 2147483647;
    return x / 2147483647 - 0.5;
  });
  const norm = Math.hypot(...v);
  return v.map((y) => y / norm);
};

const store = (userId: number, seed: number, characterId = SERAPHINE) =>
  insertTestMemory(database.db, {
    userId,
    characterId,
    content: `memory ${seed}`,
    embedding: toVectorParam(vectorOf(seed)),
    embeddingModel: 'test',
  });

const versionOf = async (userId: number) =>
  Number(
    rowsOf<{ v: number }>(
      await database.db.execute(
        sql`select coalesce(max(version), 0)::float8 as v from memory_signs where user_id = ${userId}`,
      ),
    )[0]?.v,
  );

/** The database's own pick (memory_vector_arm's scan): the nearest 400 by signs, the higher id first on ties. */
const scanned = async (userId: number, characterId: number | null, vector: TVectorParam) =>
  rowsOf<{ id: number }>(
    await database.db.execute(sql`select m.id from memories m
      where m.user_id = ${userId} and (${characterId}::integer is null or m.character_id = ${characterId}::integer)
        and m.embedding_bits is not null
      order by (m.embedding_bits <~> binary_quantize(${vector}::vector)::bit(512)) + 0, m.id desc
      limit ${SIGNS_CANDIDATES}`),
  ).map((r) => Number(r.id));

describe("the server's copy of a person's vector signs", () => {
  it("picks the database's 400 candidates (ties by the higher id), of the character, of this person only", async () => {
    if (!(await hasVector())) return;
    const user = await createSignedInUser(database);
    const other = await createSignedInUser(database);
    // 40 vectors over 520 memories, two characters: many candidates share a distance.
    await database.db.execute(sql`alter table memories disable trigger memories_hubness_insert`);
    try {
      for (let i = 0; i < 520; i++) await store(user.id, i % 40, i % 3 === 0 ? 2 : SERAPHINE);
      for (let i = 0; i < 30; i++) await store(other.id, i % 40);
    } finally {
      await database.db.execute(sql`alter table memories enable trigger memories_hubness_insert`);
    }
    const cache = createSignsCache(database.db);
    for (const seed of [3, 1000]) {
      const vector = toVectorParam(vectorOf(seed));
      for (const characterId of [SERAPHINE, null]) {
        const picked = await cache.candidates(user.id, characterId, vector);
        expect(picked.version).toBe(await versionOf(user.id));
        expect([...picked.ids].sort((a, b) => a - b)).toEqual(
          (await scanned(user.id, characterId, vector)).sort((a, b) => a - b),
        );
      }
    }
  });

  it("sees another server's insert, move to another character and delete; a stale copy's pick is not used", async () => {
    if (!(await hasVector())) return;
    const user = await createSignedInUser(database);
    const vector = toVectorParam(vectorOf(1));
    const here = createSignsCache(database.db);
    const a = await store(user.id, 1);
    const b = await store(user.id, 2);
    const before = await here.candidates(user.id, SERAPHINE, vector);
    expect(before.ids.sort()).toEqual([a.id, b.id].sort());

    // Another server (the same database, not through this copy) adds one, moves one, deletes one.
    const c = await store(user.id, 3);
    let now = await here.candidates(user.id, SERAPHINE, vector);
    expect(now.ids.sort()).toEqual([a.id, b.id, c.id].sort());
    expect(now.version).toBe(await versionOf(user.id));
    await database.db.update(memories).set({ characterId: 2 }).where(eq(memories.id, b.id));
    now = await here.candidates(user.id, SERAPHINE, vector);
    expect(now.ids.sort()).toEqual([a.id, c.id].sort());
    expect((await here.candidates(user.id, 2, vector)).ids).toEqual([b.id]);
    await database.db.delete(memories).where(eq(memories.id, a.id));
    now = await here.candidates(user.id, null, vector);
    expect(now.ids.sort()).toEqual([b.id, c.id].sort());
    expect(now.version).toBe(await versionOf(user.id));
    // An edit that leaves the vector as it was keeps the copy's version.
    await database.db.update(memories).set({ content: 'edited' }).where(eq(memories.id, c.id));
    expect(await versionOf(user.id)).toBe(now.version);

    // A search given the pick of a copy that is no longer current ranks as the database's own scan does.
    const search = { userId: user.id, characterId: null, text: 'memory', embedding: vector, hasTrgm: false };
    const opts = { ...search, limit: 10, minSimilarity: -1 };
    await database.db.transaction(async (tx) => {
      const own = await searchMemories(tx as never, opts);
      expect(own.map((m) => m.id).sort()).toEqual([b.id, c.id].sort());
      const stale = await searchMemories(tx as never, { ...opts, candidates: before });
      expect(stale.map((m) => [m.id, m.score])).toEqual(own.map((m) => [m.id, m.score]));
      const current = await searchMemories(tx as never, { ...opts, candidates: now });
      expect(current.map((m) => [m.id, m.score])).toEqual(own.map((m) => [m.id, m.score]));
      // (A current pick is taken as it is: here one that leaves c out on purpose.)
      const trusted = await searchMemories(tx as never, {
        ...opts,
        candidates: { ids: [b.id], version: now.version },
      });
      expect(trusted.map((m) => m.id)).not.toContain(c.id);
    });
  });
});
