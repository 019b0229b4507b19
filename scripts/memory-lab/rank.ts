// Memory search's ranking as migrations 0023-0040 compute it, in-process over the lab's cached texts: the
// vector arm (cosine minus a share of hubness), the BM25 arm (per-person statistics) and reciprocal-rank
// fusion with recency. Variants take the same pieces with their own settings.
import type { TLabPerson, TLabQuestion } from './load.ts';

export const dot = (a: number[], b: number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
};

export type TPersonIndex = {
  person: TLabPerson;
  hub: number[];
  df: Map<string, number>;
  dl: number[];
  avgdl: number;
};

/** Each memory's hubness (mean cosine to its 5 nearest of the person's others) and the BM25 statistics. */
export function indexPerson(person: TLabPerson, neighbours = 5): TPersonIndex {
  const ms = person.memories;
  const hub = ms.map((m, i) => {
    const sims = ms.filter((_, j) => j !== i).map((o) => dot(m.vector, o.vector));
    sims.sort((a, b) => b - a);
    const top = sims.slice(0, neighbours);
    return top.reduce((a, b) => a + b, 0) / Math.max(1, top.length);
  });
  const df = new Map<string, number>();
  const dl = ms.map((m) => {
    let n = 0;
    for (const [t, tf] of Object.entries(m.lexemes)) {
      df.set(t, (df.get(t) ?? 0) + 1);
      n += tf;
    }
    return n;
  });
  return { person, hub, df, dl, avgdl: dl.reduce((a, b) => a + b, 0) / Math.max(1, dl.length) };
}

export type THit = { i: number; score: number };

/** Best first; ties by the later memory first (as the database's id desc). */
export const ranked = (scores: Map<number, number> | number[], limit: number): THit[] => {
  const hits: THit[] = [];
  if (Array.isArray(scores))
    scores.forEach((s, i) => {
      hits.push({ i, score: s });
    });
  else for (const [i, s] of scores) hits.push({ i, score: s });
  return hits.sort((a, b) => b.score - a.score || b.i - a.i).slice(0, limit);
};

export function vectorArm(ix: TPersonIndex, v: number[], hubShare: number, limit = 50): THit[] {
  return ranked(
    ix.person.memories.map((m, i) => dot(m.vector, v) - hubShare * (ix.hub[i] ?? 0)),
    limit,
  );
}

/** Okapi BM25 over the person's memories; `weights` gives a query term's weight (1 when absent). */
export function bm25Arm(
  ix: TPersonIndex,
  terms: Iterable<string>,
  opts: { k1: number; b: number; weights?: Map<string, number> },
  limit = 50,
): THit[] {
  const n = ix.person.memories.length;
  const scores = new Map<number, number>();
  for (const term of new Set(terms)) {
    const df = ix.df.get(term);
    if (!df) continue;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * (opts.weights?.get(term) ?? 1);
    ix.person.memories.forEach((m, i) => {
      const tf = m.lexemes[term];
      if (!tf) return;
      const norm = tf + opts.k1 * (1 - opts.b + (opts.b * (ix.dl[i] ?? 0)) / ix.avgdl);
      scores.set(i, (scores.get(i) ?? 0) + (idf * tf * (opts.k1 + 1)) / norm);
    });
  }
  return ranked(scores, limit);
}

/** Reciprocal-rank fusion of weighted arms, then the recency lift; the top `limit` memory indexes. */
export function fuse(
  ix: TPersonIndex,
  arms: { hits: THit[]; w: number }[],
  opts: { k: number; recency: number },
  limit = 10,
): number[] {
  const s = new Map<number, number>();
  for (const { hits, w } of arms)
    hits.forEach((h, r) => {
      s.set(h.i, (s.get(h.i) ?? 0) + w / (opts.k + r + 1));
    });
  for (const [i, x] of s) {
    const age = ix.person.memories[i]?.ageDays ?? 0;
    s.set(i, x * (1 + opts.recency * Math.exp(-age / 30)));
  }
  return ranked(s, limit).map((h) => h.i);
}

export function recallAt(top: number[], q: TLabQuestion, k: number): number {
  const set = new Set(top.slice(0, k));
  const found = q.evidence.filter((e) => set.has(e)).length;
  return q.type === 'multi' ? found / q.evidence.length : found > 0 ? 1 : 0;
}

export type TRanker = (ix: TPersonIndex, q: TLabQuestion) => number[];

/** recall@1/3/5/10 of a ranker over the questions `pick` keeps, per set. */
export function evaluate(ixs: TPersonIndex[], rank: TRanker, pick: (q: TLabQuestion) => boolean) {
  const out: Record<string, { n: number; r: number[] }> = {};
  for (const ix of ixs)
    for (const q of ix.person.questions) {
      if (!pick(q)) continue;
      const top = rank(ix, q);
      const row = out[q.set] ?? { n: 0, r: [0, 0, 0, 0] };
      row.n++;
      [1, 3, 5, 10].forEach((k, j) => {
        row.r[j] = (row.r[j] ?? 0) + recallAt(top, q, k);
      });
      out[q.set] = row;
    }
  return Object.fromEntries(
    Object.entries(out).map(([set, { n, r }]) => [set, r.map((x) => Number((x / n).toFixed(3)))]),
  );
}
