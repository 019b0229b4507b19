import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { judged, SERAPHINE, setUpJudgedMemory } from '../../../test-support/scripted-judge.ts';
import { deleteFact, factHistoryOf, refreshFact, updateFact } from '../../db/queries/memory-facts.ts';
import { memories } from '../../db/schema.ts';
import { exportAccount } from '../account/export-data.ts';
import { searchMemoriesFor } from './search-memories.ts';

const suite = setUpJudgedMemory();
const { person, tell, factsOf } = suite;

describe("another person's facts", () => {
  it('are never compared, changed, forgotten, refreshed, listed, searched or exported for someone else', async () => {
    const bea = await person('Bea');
    const sam = await person('Sam');
    await tell(bea, 'I live in Paris near the river', [
      judged({ fact: 'Bea lives in Paris', kind: 'place' }),
    ]);
    const beas = await suite.database.db.select().from(memories).where(eq(memories.userId, bea));
    const beaFact = beas[0]!;
    await tell(sam, 'I adore the croissants in Paris', [
      judged({ fact: 'Sam adores Paris croissants', kind: 'preference' }),
    ]);
    // Sam's new fact shares words with Bea's: the model is shown Sam's kept fact, never hers.
    const { calls } = await tell(sam, 'I live in Paris too', [
      judged({ fact: 'Sam lives in Paris', kind: 'place' }),
      { action: 'add', target: 0, fact: null },
    ]);
    expect(calls[1]?.messages.at(-1)?.content).toBe(
      'Kept facts:\n1. Sam adores Paris croissants\nNew fact: Sam lives in Paris',
    );
    const owner = { userId: sam, characterId: SERAPHINE, id: beaFact.id };
    const words = { content: 'x', reply: '', chatLogUuid: null, sourcePosition: null };
    expect(
      await updateFact(suite.database.db, {
        ...owner,
        ...words,
        fact: 'Bea lives in Rome',
        kind: 'place',
        happensOn: null,
        importance: 1,
        embedding: null,
        embeddingModel: null,
      }),
    ).toBeNull();
    expect(await deleteFact(suite.database.db, owner)).toBe(false);
    expect(await refreshFact(suite.database.db, { ...owner, importance: 1 })).toBeNull();
    expect(await factHistoryOf(suite.database.db, sam, [beaFact.id])).toEqual([]);
    const [still] = await suite.database.db.select().from(memories).where(eq(memories.id, beaFact.id));
    expect(still).toMatchObject({ fact: 'Bea lives in Paris', updatedAt: beaFact.updatedAt });
    expect(await factsOf(sam)).toEqual(['Sam lives in Paris', 'Sam adores Paris croissants']);
    const found = await searchMemoriesFor(suite.memory, suite.database.db, {
      userId: sam,
      characterId: null,
      query: 'Paris',
    });
    expect(found.map((m) => m.fact).sort()).toEqual(['Sam adores Paris croissants', 'Sam lives in Paris']);
    const samsData = await exportAccount(suite.database.db, { read: async () => null } as never, sam);
    expect(JSON.stringify(samsData)).not.toContain('Bea lives');
  });
});

describe("'Download my data'", () => {
  it('carries each fact with its kind, day and source, and what it said before', async () => {
    const sam = await person('Sam');
    await tell(sam, 'I work at the library', [judged({ fact: 'Sam works at the library', kind: 'work' })]);
    await tell(sam, 'I started at the museum today', [
      judged({ fact: 'Sam works at the museum', kind: 'work' }),
      { action: 'update', target: 1, fact: 'Sam works at the museum' },
    ]);
    const data = await exportAccount(suite.database.db, { read: async () => null } as never, sam);
    expect(data.parts.memories).toEqual([
      expect.objectContaining({
        fact: 'Sam works at the museum',
        kind: 'work',
        happensOn: null,
        sourcePosition: 4,
        content: 'I started at the museum today',
      }),
    ]);
    expect(data.parts.memoryFactHistory).toEqual([
      expect.objectContaining({ fact: 'Sam works at the library', kind: 'work', sourcePosition: 4 }),
    ]);
  });
});
