// Recall of a message in its context (issue 20): follow-ups whose meaning needs the person's previous turns
// ("did I tell you when it is?" after turns about an interview) and self-contained messages after turns
// about something else, each to find one memory among its person's 262 (context-recall-set.json). Ranked by
// a reply's recall (the fused search, the message's words for BM25) with three vectors: the message alone,
// the turns and the message joined and embedded (what recall did before), and the message's vector plus the
// turns' vectors (inContext: each turn embedded once, in its own turn). The weights are chosen on dev (the
// grid is printed); floors are asserted on test. Without pgvector recall uses no vector: nothing to compare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_CASES, CONTEXT_POOLS, type TContextCase } from '../../../test-support/context-recall-set.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { openTestDatabase } from '../../../test-support/test-db.ts';
import { insertTestMemory } from '../../../test-support/test-memories.ts';
import type { TDatabase } from '../../db/client.ts';
import { recallMemories } from '../../db/queries/memory-search.ts';
import { toVectorParam } from '../../db/vector-param.ts';
import { detectSearchCapabilities } from '../../memory/search-capabilities.ts';
import { CONTEXT_WEIGHTS, inContext } from '../../memory/turn-vectors.ts';
import { createUseLiteEmbedder } from '../../memory/use-lite-embedder.ts';

type TSplit = 'dev' | 'test';
type TLoaded = {
  c: TContextCase;
  userId: number;
  target: number;
  own: number[];
  joined: number[];
  turns: number[][];
};

const KS = [1, 3, 5] as const;
const GRID = [0.5, 0.6, 0.75, 0.9, 1, 1.25].flatMap((w) => [1, 0.5, 0].map((d) => [w, w * d]));
const embedder = createUseLiteEmbedder();
let database: TDatabase | undefined;
let hasVector = false;
let hasTrgm = false;
const loaded: Record<TSplit, TLoaded[]> = { dev: [], test: [] };

beforeAll(async () => {
  database = await openTestDatabase();
  const caps = await detectSearchCapabilities(database.db);
  hasVector = caps.vector;
  hasTrgm = caps.trgm;
  if (!hasVector) return;
  for (const split of ['dev', 'test'] as const) {
    const userId = (await createSignedInUser(database)).id;
    const pool = CONTEXT_POOLS[split];
    const vectors = await embedder.embed(pool);
    const ids: number[] = [];
    for (const [i, content] of pool.entries()) {
      const embedding = toVectorParam(vectors[i]!);
      const stored = await insertTestMemory(database.db, {
        userId,
        content,
        embedding,
        embeddingModel: embedder.id,
      });
      ids.push(stored.id);
    }
    for (const c of CONTEXT_CASES[split]) {
      const [own, joined, ...turns] = await embedder.embed([
        c.message,
        [...c.turns, c.message].join('\n'),
        ...c.turns,
      ]);
      loaded[split].push({ c, userId, target: ids[c.memory] ?? -1, own: own!, joined: joined!, turns });
    }
  }
}, 600_000);
afterAll(async () => {
  await database?.close();
});

/** Recall@1/3/5 of one vector per case (the case's kind, or all), by the reply's fused recall. */
async function recallOf(split: TSplit, vectorOf: (l: TLoaded) => number[]) {
  const hits: { kind: string; rank: number }[] = [];
  for (const l of loaded[split]) {
    const { top } = await recallMemories(database!.db, {
      userId: l.userId,
      characterId: 1,
      text: l.c.message,
      embedding: toVectorParam(vectorOf(l)),
      hasTrgm,
      limit: 10,
      minSimilarity: 0,
    });
    hits.push({ kind: l.c.kind, rank: top.findIndex((m) => m.id === l.target) });
  }
  const row = (kind: string) => {
    const mine = hits.filter((h) => kind === 'all' || h.kind === kind);
    return {
      n: mine.length,
      ...Object.fromEntries(
        KS.map((k) => [k, mine.filter((h) => h.rank >= 0 && h.rank < k).length / mine.length]),
      ),
    } as Record<number, number> & { n: number };
  };
  return { all: row('all'), 'follow-up': row('follow-up'), 'self-contained': row('self-contained') };
}

type TTable = Awaited<ReturnType<typeof recallOf>>;
const format = (title: string, tables: Record<string, TTable>) =>
  [
    title,
    '| vector | cases | n | R@1 | R@3 | R@5 |',
    '|---|---|---|---|---|---|',
    ...Object.entries(tables).flatMap(([name, t]) =>
      (['follow-up', 'self-contained', 'all'] as const).map(
        (kind) =>
          `| ${name} | ${kind} | ${t[kind].n} | ${KS.map((k) => t[kind][k]!.toFixed(3)).join(' | ')} |`,
      ),
    ),
  ].join('\n');

const methods = (weights: readonly number[]) => ({
  'message alone': (l: TLoaded) => l.own,
  'turns + message joined': (l: TLoaded) => l.joined,
  [`message + turns' vectors (${weights.join(', ')})`]: (l: TLoaded) => inContext(l.own, l.turns, weights),
});

describe('recall of a message in its context', () => {
  it('finds what a follow-up asks about from the message’s and the turns’ own vectors', async () => {
    if (!hasVector) {
      console.log('no pgvector: recall searches by the message’s words alone, no vector to compare');
      return;
    }
    expect(loaded.dev.length).toBeGreaterThanOrEqual(40);
    expect(loaded.test.length).toBeGreaterThanOrEqual(40);
    const grid: string[] = [
      'dev split, weights of the previous turn and the one before (R@1 / R@3 / R@5, all):',
    ];
    for (const weights of GRID) {
      const t = await recallOf('dev', (l) => inContext(l.own, l.turns, weights));
      grid.push(`  ${weights.join(', ')}: ${KS.map((k) => t.all[k]!.toFixed(3)).join(' / ')}`);
    }
    console.log(grid.join('\n'));
    const tables: Record<TSplit, Record<string, TTable>> = { dev: {}, test: {} };
    for (const split of ['dev', 'test'] as const) {
      for (const [name, vectorOf] of Object.entries(methods(CONTEXT_WEIGHTS)))
        tables[split][name] = await recallOf(split, vectorOf);
      console.log(format(`\ncontext recall, ${split} split:`, tables[split]));
    }
    const [alone, joined, combined] = Object.values(tables.test).map((t) => t.all);
    // Test, with the last turn at 0.9: 0.569 / 0.828 / 0.879 at 1/3/5 (joined 0.603 / 0.776 / 0.845, the
    // message alone 0.500 / 0.690 / 0.810).
    expect(combined![3]).toBeGreaterThan(alone![3]!);
    expect(combined![3]).toBeGreaterThanOrEqual(joined![3]!);
    expect(combined![1]).toBeGreaterThanOrEqual(0.55);
    expect(combined![3]).toBeGreaterThanOrEqual(0.8);
    expect(combined![5]).toBeGreaterThanOrEqual(0.85);
  });
});
