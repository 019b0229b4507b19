// PATCH /api/memories/{id}: the person rewrites a memory in the drawer; re-embedded, the earlier text kept.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TMemory } from '../../shared/memories.ts';
import { setUpMemorySuite } from '../../test-support/memory-calls.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';
import { rowsOf } from '../db/client.ts';
import { insertFact } from '../db/queries/memory-facts.ts';

const SERAPHINE = 1;
const { t, other, newPerson, handMade, memoriesOf } = setUpMemorySuite();

const edit = (user: TTestUser | undefined, id: number | string, json: unknown) =>
  call(t, 'PATCH', `/api/memories/${id}`, { user, json });

async function vectorOf(id: number): Promise<string | null> {
  if (!(await t.memory.capabilities()).vector) return null;
  const rows = rowsOf<{ v: string | null }>(
    await t.database.db.execute(sql`select embedding::text as v from memories where id = ${id}`),
  );
  return rows[0]?.v ?? null;
}

describe('editing a memory', () => {
  it("a hand-added memory's words change, re-embedded, and what it said before is its history", async () => {
    const me = await newPerson();
    const made = await handMade(me, 'My sister is called Jo');
    const res = await edit(me, made.id, { text: '  My sister is called Joanna  ' });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as TMemory;
    expect(edited).toMatchObject({ id: made.id, content: 'My sister is called Joanna', fact: null });
    expect(edited.history).toEqual([
      expect.objectContaining({ fact: 'My sister is called Jo', since: made.createdAt }),
    ]);
    expect(Date.parse(edited.history[0]?.replacedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(made.createdAt),
    );
    expect((await memoriesOf(me)).find((m) => m.id === made.id)).toEqual(edited);
    if ((await t.memory.capabilities()).vector) {
      const expected = (await t.memory.embedOne('My sister is called Joanna')) ?? [];
      const stored = JSON.parse((await vectorOf(made.id)) ?? '[]') as number[];
      expect(stored).toHaveLength(expected.length);
      expect(stored.every((x, i) => Math.abs(x - (expected[i] as number)) < 1e-5)).toBe(true);
    }
    const found = await call(t, 'POST', '/assistant-memories-search', {
      user: me,
      json: { query: 'Joanna' },
    });
    expect(((await found.json()) as TMemory[]).map((m) => m.id)).toEqual([made.id]);
  });

  it("a fact's text changes, the person's words stay; the same text again adds no history", async () => {
    const me = await newPerson();
    const fact = await insertFact(t.database.db, {
      userId: me.id,
      characterId: SERAPHINE,
      characterName: 'Seraphine Vale',
      content: 'I start at the bakery on Monday',
      reply: 'Good luck!',
      chatLogUuid: null,
      sourcePosition: null,
      fact: 'Ada starts a job at the bakery on Monday 30 November 2026',
      kind: 'work',
      happensOn: '2026-11-30',
      importance: 0.7,
      embedding: null,
      embeddingModel: null,
    });
    const text = 'Ada starts a job at the flower shop on Monday 30 November 2026';
    const first = (await (await edit(me, fact.id, { text })).json()) as TMemory;
    expect(first).toMatchObject({ fact: text, content: 'I start at the bakery on Monday', kind: 'work' });
    expect(first.history.map((h) => [h.fact, h.kind, h.happensOn])).toEqual([
      ['Ada starts a job at the bakery on Monday 30 November 2026', 'work', '2026-11-30'],
    ]);
    const again = (await (await edit(me, fact.id, { text })).json()) as TMemory;
    expect(again.history).toHaveLength(1);
  });
});

describe('editing: another person and bad input', () => {
  it('signed out is 401 and changes nothing', async () => {
    const me = await newPerson();
    const made = await handMade(me, 'I keep bees on the roof');
    expect((await edit(undefined, made.id, { text: 'x' })).status).toBe(401);
    expect((await memoriesOf(me))[0]?.content).toBe('I keep bees on the roof');
  });

  it("another person's memory is 404 and unchanged; an unknown one is 404", async () => {
    const me = await newPerson();
    const made = await handMade(me, 'I keep bees on the roof');
    const res = await edit(other, made.id, { text: 'I keep wasps' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
    expect((await edit(other, 2_000_000_000, { text: 'I keep wasps' })).status).toBe(404);
    const mine = await memoriesOf(me);
    expect(mine.map((m) => [m.content, m.history.length])).toEqual([['I keep bees on the roof', 0]]);
  });

  it('malformed or too long bodies are 400 and lose nothing', async () => {
    const me = await newPerson();
    const made = await handMade(me, 'I keep bees on the roof');
    for (const [id, json] of [
      [made.id, { text: '   ' }],
      [made.id, { text: 'a\u0000b' }],
      [made.id, { text: 'x'.repeat(2001) }],
      [made.id, { text: 42 }],
      [made.id, { text: 'ok', fact: 'sneaky' }],
      [made.id, {}],
      [made.id, '{not json'],
      ['abc', { text: 'ok' }],
      [0, { text: 'ok' }],
    ] as const) {
      const res = await edit(me, id, json);
      expect(res.status, JSON.stringify([id, json])).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('bad_request');
    }
    const mine = await memoriesOf(me);
    expect(mine.map((m) => [m.content, m.history.length])).toEqual([['I keep bees on the roof', 0]]);
  });
});
