import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { judged, SERAPHINE, setUpJudgedMemory } from '../../../test-support/scripted-judge.ts';
import { saveTimeZone } from '../../db/queries/check-ins.ts';
import { topTopics } from '../../db/queries/memories.ts';
import { memoryTerms } from '../../db/schema.ts';
import { memoriesOfCharacter } from './list-memories.ts';
import { recentMemories } from './recent-memories.ts';
import { searchMemoriesFor } from './search-memories.ts';

const suite = setUpJudgedMemory();
const { person, tell, factsOf } = suite;

describe('facts, not transcripts', () => {
  it('keeps each fact with its kind, day and source beside the words; the words stay the content', async () => {
    const sam = await person('Sam');
    await saveTimeZone(suite.database.db, sam, 'Asia/Tokyo');
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
    const [feeling, interview] = await memoriesOfCharacter(suite.database.db, sam, SERAPHINE);
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
      searchMemoriesFor(suite.memory, suite.database.db, { userId: sam, characterId: null, query });
    expect((await search('job interview')).map((m) => m.fact)).toContain(interview?.fact);
    expect((await search('tomorrow')).map((m) => m.fact)).toContain(interview?.fact);
    // BM25's terms (migration 0023's triggers) hold the fact's words ('job') and the person's ('tomorrow').
    const terms = await suite.database.db
      .select({ term: memoryTerms.term })
      .from(memoryTerms)
      .where(eq(memoryTerms.memoryId, interview?.id ?? 0));
    expect(terms.map((t) => t.term)).toEqual(expect.arrayContaining(['job', 'tomorrow', 'bakeri']));
    // The most-discussed topics are the person's own words, each message once: never their name.
    const topics = await topTopics(suite.database.db, sam, 5);
    expect(topics).toContain('bakery');
    expect(topics).not.toContain('sam');
    // /profile's highlights show the message once, however many facts were kept of it.
    expect((await recentMemories(suite.database.db, sam)).map((m) => m.content)).toEqual([
      'My interview at the bakery is tomorrow and I am so nervous',
    ]);
  });

  it('without usable facts the words are kept as before; hand-added memories stay as written', async () => {
    const ada = await person('Ada');
    await tell(ada, 'I volunteer at the animal shelter on Sundays', [
      { remember: true, importance: 3, facts: 'x' },
    ]);
    const added = await suite.memory.store({
      userId: ada,
      characterId: SERAPHINE,
      characterName: 'Seraphine Vale',
      content: 'My grandmother taught me to knit',
      reply: '',
      importance: 0.8,
    });
    const list = await memoriesOfCharacter(suite.database.db, ada, SERAPHINE);
    expect(list.map((m) => [m.content, m.fact, m.kind])).toEqual([
      ['My grandmother taught me to knit', null, null],
      ['I volunteer at the animal shelter on Sundays', null, null],
    ]);
    expect(added.fact).toBeNull();
    // A later fact is never compared with a hand-added memory (no second call), so never rewrites it.
    const { calls } = await tell(ada, 'My grandmother taught me to knit scarves', [
      judged({ fact: 'Ada learned to knit from her grandmother', kind: 'person' }),
    ]);
    expect(calls).toHaveLength(1);
    expect((await memoriesOfCharacter(suite.database.db, ada, SERAPHINE)).map((m) => m.content)).toContain(
      'My grandmother taught me to knit',
    );
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
    const list = await memoriesOfCharacter(suite.database.db, sam, SERAPHINE);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      fact: 'Sam lives in Berlin',
      content: 'Big news, I just moved to Berlin!',
      history: [{ fact: 'Sam lives in Paris', kind: 'place' }],
    });
    // Found by the new place, not kept as a second 'lives in' fact.
    const found = await searchMemoriesFor(suite.memory, suite.database.db, {
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
    const [cat] = await memoriesOfCharacter(suite.database.db, sam, SERAPHINE);
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
    const [before] = await memoriesOfCharacter(suite.database.db, sam, SERAPHINE);
    await tell(sam, 'Jazz is really my favourite music', [
      judged({ fact: 'Sam loves jazz music', kind: 'preference', importance: 5 }),
      { action: 'none', target: 1, fact: null },
    ]);
    const [after] = await memoriesOfCharacter(suite.database.db, sam, SERAPHINE);
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
