import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding } from '../../../test-support/fake-openai-server.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { openTestDatabase } from '../../../test-support/test-db.ts';
import type { TChatModel, TCompleteJsonInput } from '../../ai/chat-model.ts';
import type { TDatabase } from '../../db/client.ts';
import { saveTimeZone } from '../../db/queries/check-ins.ts';
import { deleteFact, factHistoryOf, refreshFact, updateFact } from '../../db/queries/memory-facts.ts';
import { memories, memoryTerms } from '../../db/schema.ts';
import type { TEmbedder } from '../../memory/embedder.ts';
import { exportAccount } from '../account/export-data.ts';
import { memoriesOfCharacter } from './list-memories.ts';
import { createMemoryService, type TMemoryService } from './memory-service.ts';
import { searchMemoriesFor } from './search-memories.ts';

const SERAPHINE = 1;
let database: TDatabase;
let memory: TMemoryService;
/** A bag-of-words encoder: texts sharing words are near (deterministic, no model files). */
const embedder: TEmbedder = {
  id: 'test:bag-of-words',
  embed: async (texts) => texts.map((t) => fakeEmbedding(t)),
};
beforeAll(async () => {
  database = await openTestDatabase();
  memory = createMemoryService({ database, embedder });
});
afterAll(async () => {
  await database.close();
});

/** A model answering each JSON request with the next scripted answer; records what it was asked. */
function scripted(answers: unknown[]) {
  const calls: TCompleteJsonInput[] = [];
  const model: TChatModel = {
    id: 'test:scripted',
    isAvailable: async () => true,
    async *streamReply() {},
    async completeJson(input) {
      calls.push(input);
      return answers.shift() ?? null;
    },
  };
  return { model, calls, left: answers };
}

const judged = (...facts: { fact: string; kind: string; date?: string | null; importance?: number }[]) => ({
  remember: true,
  importance: 4,
  facts: facts.map((f) => ({ importance: 4, date: null, ...f })),
});

async function person(name: string) {
  const user = await createSignedInUser(database, { name });
  return user.id;
}

async function tell(userId: number, message: string, answers: unknown[], extra: { sentAt?: string } = {}) {
  const s = scripted(answers);
  const chat = await memory.remember({
    userId,
    characterId: SERAPHINE,
    characterName: 'Seraphine Vale',
    chatLogUuid: null,
    messagePosition: 4,
    message,
    reply: 'Tell me more!',
    model: s.model,
    ...extra,
  });
  expect(s.left).toEqual([]); // every scripted answer was asked for
  return { kept: chat, calls: s.calls };
}

const factsOf = async (userId: number) =>
  (await memoriesOfCharacter(database.db, userId, SERAPHINE)).map((m) => m.fact);

describe('facts, not transcripts', () => {
  it('keeps each fact with its kind, day and source beside the words; the words stay the content', async () => {
    const sam = await person('Sam');
    await saveTimeZone(database.db, sam, 'Asia/Tokyo');
    const { calls } = await tell(
      sam,
      'My interview at the bakery is tomorrow and I am so nervous',
      [
        judged(
          {
            fact: 'Sam has a job interview at the bakery on Saturday 28 November 2026',
            kind: 'event',
            date: '2026-11-28',
          },
          { fact: 'Sam feels nervous about the bakery interview', kind: 'feeling' },
        ),
      ],
      { sentAt: '2026-11-26T23:30:00Z' },
    );
    // One call: the judge (nothing kept yet to compare with). It was told Friday in Tokyo.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.messages.at(-1)?.content).toContain('Sent: Friday 27 November 2026, 08:30 (2026-11-27)');
    const [feeling, interview] = await memoriesOfCharacter(database.db, sam, SERAPHINE);
    expect(interview).toMatchObject({
      content: 'My interview at the bakery is tomorrow and I am so nervous',
      reply: 'Tell me more!',
      fact: 'Sam has a job interview at the bakery on Saturday 28 November 2026',
      kind: 'event',
      happensOn: '2026-11-28',
      history: [],
    });
    expect(feeling).toMatchObject({ kind: 'feeling', happensOn: null });
    // Both the fact and the words are searchable.
    const search = (query: string) =>
      searchMemoriesFor(memory, database.db, { userId: sam, characterId: null, query });
    expect((await search('job interview')).map((m) => m.fact)).toContain(interview?.fact);
    expect((await search('tomorrow')).map((m) => m.fact)).toContain(interview?.fact);
    // BM25's terms (migration 0023's triggers) hold the fact's words ('job') and the person's ('tomorrow').
    const terms = await database.db
      .select({ term: memoryTerms.term })
      .from(memoryTerms)
      .where(eq(memoryTerms.memoryId, interview?.id ?? 0));
    expect(terms.map((t) => t.term)).toEqual(expect.arrayContaining(['job', 'tomorrow', 'bakeri']));
  });

  it('without usable facts the words are kept as before; hand-added memories stay as written', async () => {
    const ada = await person('Ada');
    await tell(ada, 'I volunteer at the animal shelter on Sundays', [
      { remember: true, importance: 3, facts: 'x' },
    ]);
    const added = await memory.store({
      userId: ada,
      characterId: SERAPHINE,
      characterName: 'Seraphine Vale',
      content: 'My grandmother taught me to knit',
      reply: '',
      importance: 0.8,
    });
    const list = await memoriesOfCharacter(database.db, ada, SERAPHINE);
    expect(list.map((m) => [m.content, m.fact, m.kind])).toEqual([
      ['My grandmother taught me to knit', null, null],
      ['I volunteer at the animal shelter on Sundays', null, null],
    ]);
    expect(added.fact).toBeNull();
  });
});

describe('facts that stay true', () => {
  it('a move: the kept fact is rewritten and what it said before is its history', async () => {
    const sam = await person('Sam');
    await tell(sam, 'I live in Paris with my roommate', [
      judged({ fact: 'Sam lives in Paris', kind: 'place' }),
    ]);
    const { calls } = await tell(sam, 'Big news, I just moved to Berlin!', [
      judged({ fact: 'Sam moved to Berlin', kind: 'place' }),
      { action: 'update', target: 1, fact: 'Sam lives in Berlin' },
    ]);
    expect(calls[1]?.messages.at(-1)?.content).toContain(
      '1. Sam lives in Paris\nNew fact: Sam moved to Berlin',
    );
    const list = await memoriesOfCharacter(database.db, sam, SERAPHINE);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      fact: 'Sam lives in Berlin',
      content: 'Big news, I just moved to Berlin!',
      history: [{ fact: 'Sam lives in Paris', kind: 'place' }],
    });
    // Found by the new place, not kept as a second 'lives in' fact.
    const found = await searchMemoriesFor(memory, database.db, {
      userId: sam,
      characterId: null,
      query: 'Berlin',
    });
    expect(found.map((m) => m.fact)).toEqual(['Sam lives in Berlin']);
  });

  it('a breakup: the contradicted fact is forgotten and what is true now kept', async () => {
    const sam = await person('Sam');
    await tell(sam, 'My girlfriend Alex and I are going strong', [
      judged({ fact: 'Sam is dating Alex', kind: 'person' }),
    ]);
    await tell(sam, 'Alex and I broke up last night', [
      judged({ fact: 'Sam broke up with Alex', kind: 'person' }),
      { action: 'delete', target: 1, fact: 'Sam and Alex broke up' },
    ]);
    expect(await factsOf(sam)).toEqual(['Sam and Alex broke up']);
  });

  it('a new pet name: the kept fact is updated, the old name in its history', async () => {
    const sam = await person('Sam');
    await tell(sam, 'My cat is called Biscuit', [
      judged({ fact: "Sam's cat is called Biscuit", kind: 'pet' }),
    ]);
    await tell(sam, 'We renamed the cat, she is Pudding now', [
      judged({ fact: "Sam's cat is now called Pudding", kind: 'pet' }),
      { action: 'update', target: 1, fact: "Sam's cat is called Pudding (she was Biscuit)" },
    ]);
    const [cat] = await memoriesOfCharacter(database.db, sam, SERAPHINE);
    expect(cat?.fact).toBe("Sam's cat is called Pudding (she was Biscuit)");
    expect(cat?.history.map((h) => h.fact)).toEqual(["Sam's cat is called Biscuit"]);
  });

  it('a cancelled plan: forgotten, nothing kept about it', async () => {
    const sam = await person('Sam');
    await tell(sam, 'I am going to Rome on 5 December!', [
      judged({ fact: 'Sam plans to visit Rome on 5 December 2026', kind: 'plan', date: '2026-12-05' }),
    ]);
    await tell(sam, 'The Rome trip is off, work got in the way', [
      judged({ fact: 'Sam cancelled the trip to Rome', kind: 'plan' }),
      { action: 'delete', target: 1, fact: null },
    ]);
    expect(await factsOf(sam)).toEqual([]);
  });

  it('a repeat refreshes the kept fact; an unusable decision adds', async () => {
    const sam = await person('Sam');
    await tell(sam, 'I love jazz', [judged({ fact: 'Sam loves jazz', kind: 'preference', importance: 2 })]);
    const [before] = await memoriesOfCharacter(database.db, sam, SERAPHINE);
    await tell(sam, 'Jazz is really my favourite music', [
      judged({ fact: 'Sam loves jazz music', kind: 'preference', importance: 5 }),
      { action: 'none', target: 1, fact: null },
    ]);
    const [after] = await memoriesOfCharacter(database.db, sam, SERAPHINE);
    expect(after?.id).toBe(before?.id);
    expect(after?.importance).toBe(1);
    expect(Date.parse(after?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before?.updatedAt ?? ''));
    for (const bad of [{ action: 'update', target: 1, fact: null }, { action: 'delete', target: 7 }, 'huh']) {
      await tell(sam, 'Sam likes jazz a lot', [judged({ fact: 'Sam likes jazz', kind: 'preference' }), bad]);
    }
    expect(await factsOf(sam)).toEqual([
      'Sam likes jazz',
      'Sam likes jazz',
      'Sam likes jazz',
      'Sam loves jazz',
    ]);
  });
});

describe("another person's facts", () => {
  it('are never compared, changed, forgotten, refreshed, listed, searched or exported for someone else', async () => {
    const bea = await person('Bea');
    const sam = await person('Sam');
    await tell(bea, 'I live in Paris near the river', [
      judged({ fact: 'Bea lives in Paris', kind: 'place' }),
    ]);
    const beas = await database.db.select().from(memories).where(eq(memories.userId, bea));
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
      await updateFact(database.db, {
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
    expect(await deleteFact(database.db, owner)).toBe(false);
    expect(await refreshFact(database.db, { ...owner, importance: 1 })).toBeNull();
    expect(await factHistoryOf(database.db, sam, [beaFact.id])).toEqual([]);
    const [still] = await database.db.select().from(memories).where(eq(memories.id, beaFact.id));
    expect(still).toMatchObject({ fact: 'Bea lives in Paris', updatedAt: beaFact.updatedAt });
    expect(await factsOf(sam)).toEqual(['Sam lives in Paris', 'Sam adores Paris croissants']);
    const found = await searchMemoriesFor(memory, database.db, {
      userId: sam,
      characterId: null,
      query: 'Paris',
    });
    expect(found.map((m) => m.fact).sort()).toEqual(['Sam adores Paris croissants', 'Sam lives in Paris']);
    const samsData = await exportAccount(database.db, { read: async () => null } as never, sam);
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
    const data = await exportAccount(database.db, { read: async () => null } as never, sam);
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
