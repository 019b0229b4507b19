// Each memory's hubness (its mean cosine to its 5 nearest of the person's other memories: migrations 0032
// and 0033's triggers) as memories are added one by one and many at once, re-embedded and deleted, never
// counting another person's, and the vector arm that discounts it. Skipped without pgvector.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { insertTestMemory } from '../../../test-support/test-memories.ts';
import { rowsOf } from '../client.ts';
import { type TVectorParam, toVectorParam } from '../vector-param.ts';
import { deleteMemory } from './memories.ts';
import { vectorArm } from './memory-arms.ts';

const SERAPHINE = 1;
const database = setUpTestDatabase();

/** A unit vector with the given weights on the given axes. */
const vector = (weights: Record<number, number>) => {
  const norm = Math.hypot(...Object.values(weights));
  const v = Array.from({ length: 512 }, (_, i) => (weights[i] ?? 0) / norm);
  return toVectorParam(v);
};
const add = (userId: number, embedding: TVectorParam) =>
  insertTestMemory(database.db, { userId, content: 'a memory', embedding, embeddingModel: 'test' });
/** Each of the person's memories' kept hubness beside the one computed from all their vectors now. */
const hubness = async (userId: number) =>
  rowsOf<{ id: number; kept: number | null; now: number | null }>(
    await database.db.execute(sql`
      select m.id, h.hub as kept, (select avg(t.s) from (
          select 1 - (o.embedding <=> m.embedding) as s from memories o
          where o.user_id = m.user_id and o.id <> m.id order by s desc limit 5) t) as now
      from memories m left join memory_hubness h on h.memory_id = m.id
      where m.user_id = ${userId} order by m.id`),
  ).map((r) => ({ id: Number(r.id), kept: Number(r.kept ?? 0), now: Number(r.now ?? 0) }));

describe('hubness beside the memories', () => {
  it('is kept as memories come, per person, and discounted by the vector arm', async () => {
    const [row] = rowsOf<{ on: boolean }>(
      await database.db.execute(
        sql`select exists (select 1 from pg_extension where extname = 'vector') as on`,
      ),
    );
    if (!row?.on) return;
    const me = (await createSignedInUser(database)).id;
    const other = (await createSignedInUser(database)).id;
    // Three memories saying much the same (axis 1), one of its own (axis 2); the other person's sit right
    // beside mine and must not count.
    const alike = [];
    for (const i of [0, 1, 2]) alike.push(await add(me, vector({ 1: 1, [10 + i]: 0.3 })));
    await add(other, vector({ 2: 1 }));
    const own = await add(me, vector({ 2: 1, 20: 0.3 }));
    // Many at once, in one statement: each gets all its nearest, and the earlier ones take them in.
    await database.db.execute(sql`
      insert into memories (user_id, character_id, content, reply, character_name, importance, embedding)
      select ${me}, ${SERAPHINE}, 'batch', '', 'Seraphine Vale', 0.5,
        (select array_agg(case when d = 30 + g then 1 else 0 end) from generate_series(1, 512) d)::vector
      from generate_series(1, 3) g`);
    for (const h of await hubness(me)) expect(h.kept).toBeCloseTo(h.now, 4);
    expect((await hubness(me)).find((h) => h.id === own.id)?.kept).toBeCloseTo(0, 4);

    // The question is a little nearer the three alike; discounting their hubness finds the one of its own.
    const question = vector({ 1: 1, 2: 0.95 });
    const plain = await vectorArm(database.db, { userId: me, characterId: SERAPHINE, embedding: question });
    expect(alike.map((m) => m.id)).toContain(plain[0]?.id);
    const discounted = await vectorArm(database.db, {
      userId: me,
      characterId: SERAPHINE,
      embedding: question,
      hub: 0.5,
    });
    expect(discounted[0]?.id).toBe(own.id);
    expect(discounted[0]?.score).toBeCloseTo(plain.find((h) => h.id === own.id)?.score ?? 0, 6);

    // A vector changed, another deleted: whoever counted them has their nearest found again (migration 0033).
    await database.db.execute(
      sql`update memories set embedding = ${vector({ 2: 1, 21: 0.3 })}::vector where id = ${alike[0]?.id}`,
    );
    for (const h of await hubness(me)) expect(h.kept).toBeCloseTo(h.now, 4);
    await deleteMemory(database.db, me, own.id);
    for (const h of await hubness(me)) expect(h.kept).toBeCloseTo(h.now, 4);
    const [gone] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from memory_hubness where memory_id = ${own.id}`,
      ),
    );
    expect(gone?.n).toBe(0);
  });
});
