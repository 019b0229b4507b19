// Checks the lab against the quality tests: cosine alone, BM25 alone and Kindred's fusion on the dev splits.
// Run: node --import tsx scripts/memory-lab/baseline.ts
import { BM25_SETTINGS, HUBNESS } from '../../src/server/db/queries/memory-search.ts';
import { loadLab } from './load.ts';
import { bm25Arm, evaluate, fuse, indexPerson, type TRanker, vectorArm } from './rank.ts';

const { people } = await loadLab();
const ixs = people.map((p) => indexPerson(p));
const dev = (q: { split: string }) => q.split === 'dev';
const rankers: Record<string, TRanker> = {
  cosine: (ix, q) => vectorArm(ix, q.vector, 0, 10).map((h) => h.i),
  bm25: (ix, q) => bm25Arm(ix, Object.keys(q.lexemes), BM25_SETTINGS, 10).map((h) => h.i),
  kindred: (ix, q) =>
    fuse(
      ix,
      [
        { hits: vectorArm(ix, q.vector, HUBNESS), w: 1 },
        { hits: bm25Arm(ix, Object.keys(q.lexemes), BM25_SETTINGS), w: 0.2 },
      ],
      { k: 1, recency: 0.05 },
    ),
};
for (const [name, r] of Object.entries(rankers)) console.log(name, JSON.stringify(evaluate(ixs, r, dev)));
process.exit(0);
