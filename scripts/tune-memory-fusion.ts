// Chooses memory search's fusion parameters on the dev splits only (the conversation set's dev people, the
// even-numbered paraphrase pairs and the second person's dev pairs), and prints the best settings. The test
// splits are never read here (the odd-numbered pairs' memories are stored, as their person's others).
// Run: node --import tsx scripts/tune-memory-fusion.ts
import { openPglite, wrapPglite } from '../src/server/db/pglite.ts';
import { insertMemory } from '../src/server/db/queries/memories.ts';
import { bm25Arm, type TArmHit, vectorArm } from '../src/server/db/queries/memory-arms.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { toVectorParam } from '../src/server/db/vector-param.ts';
import { createUseLiteEmbedder } from '../src/server/memory/use-lite-embedder.ts';
import { CONVERSATIONS, type TQuestionType } from '../src/test-support/conversation-set/index.ts';
import {
  DEV_DISTRACTOR_MEMORIES,
  DEV_MEMORY_QUESTION_PAIRS,
  DISTRACTOR_MEMORIES,
  MEMORY_QUESTION_PAIRS,
} from '../src/test-support/memory-quality-set.ts';
import { loadConversation, recallAt } from '../src/test-support/retrieval-eval.ts';
import { createSignedInUser } from '../src/test-support/test-app.ts';

const SERAPHINE = 1;
const BM25 = [
  { k1: 1.2, b: 0.75 },
  { k1: 0.9, b: 0.4 },
  { k1: 1.5, b: 0.75 },
  { k1: 1.2, b: 0.3 },
];
/** Shares of a memory's hubness taken off its cosine (migration 0032); 0 is plain cosine. */
const HUB = [0, 0.25, 0.5, 1];
type TCase = {
  set: 'conversation' | 'paraphrase';
  type: TQuestionType;
  evidence: number[];
  vector: TArmHit[][];
  bm25: TArmHit[][];
  ageDays: Map<number, number>;
};

const database = wrapPglite(await openPglite(undefined));
await database.migrate();
await seedDatabase(database.db);
const embedder = createUseLiteEmbedder();
const cases: TCase[] = [];

async function arms(userId: number, text: string) {
  const [v] = await embedder.embed([text]);
  const vector: TArmHit[][] = [];
  for (const hub of HUB)
    vector.push(
      await vectorArm(database.db, {
        userId,
        characterId: SERAPHINE,
        embedding: toVectorParam(v ?? []),
        hub,
      }),
    );
  const bm25: TArmHit[][] = [];
  for (const p of BM25)
    bm25.push(await bm25Arm(database.db, { userId, characterId: SERAPHINE, text, ...p, depth: 1000 }));
  return { vector, bm25 };
}

for (const c of CONVERSATIONS.filter((x) => x.split === 'dev')) {
  const { userId, turnIds } = await loadConversation(database, embedder, c, SERAPHINE);
  const now = Date.now();
  const last = c.turns.at(-1)?.at.getTime() ?? now;
  const ageDays = new Map(
    turnIds.map((id, i) => [id, (last - (c.turns[i]?.at.getTime() ?? last)) / 86_400_000 + 1]),
  );
  for (const q of c.questions) {
    cases.push({
      set: 'conversation',
      type: q.type,
      evidence: q.evidence.map((i) => turnIds[i] ?? -1),
      ...(await arms(userId, q.text)),
      ageDays,
    });
  }
}
/** One person's pair memories and distractors stored; the questions of the pairs `isDev` picks become cases. */
async function loadPairs(
  pairs: { memory: string; question: string }[],
  distractors: string[],
  isDev: (i: number) => boolean,
) {
  const user = await createSignedInUser(database);
  const texts = [...pairs.map((p) => p.memory), ...distractors];
  const vectors = await embedder.embed(texts);
  const ids: number[] = [];
  for (const [i, content] of texts.entries()) {
    const row = await insertMemory(database.db, {
      userId: user.id,
      characterId: SERAPHINE,
      chatLogUuid: null,
      content,
      reply: '',
      characterName: 'Seraphine Vale',
      importance: 0.5,
      embedding: toVectorParam(vectors[i] ?? []),
      embeddingModel: embedder.id,
    });
    ids.push(row.id);
  }
  for (const [i, pair] of pairs.entries()) {
    if (!isDev(i)) continue;
    cases.push({
      set: 'paraphrase',
      type: 'single',
      evidence: [ids[i] ?? -1],
      ...(await arms(user.id, pair.question)),
      ageDays: new Map(),
    });
  }
}
await loadPairs(MEMORY_QUESTION_PAIRS, DISTRACTOR_MEMORIES, (i) => i % 2 === 0);
await loadPairs(DEV_MEMORY_QUESTION_PAIRS, DEV_DISTRACTOR_MEMORIES, () => true);

type TParams = {
  kind: 'rrf' | 'score';
  k: number;
  wText: number;
  bm25: number;
  recency: number;
  hub: number;
};
function fuse(c: TCase, p: TParams): number[] {
  const score = new Map<number, number>();
  const add = (id: number, x: number) => score.set(id, (score.get(id) ?? 0) + x);
  const text = c.bm25[p.bm25] ?? [];
  const vector = c.vector[p.hub] ?? [];
  if (p.kind === 'rrf') {
    for (const [r, h] of vector.entries()) add(h.id, 1 / (p.k + r + 1));
    for (const [r, h] of text.entries()) add(h.id, p.wText / (p.k + r + 1));
  } else {
    const top = text[0]?.score ?? 1;
    for (const h of vector) add(h.id, h.score);
    for (const h of text) add(h.id, (p.wText * h.score) / top);
  }
  const ranked = [...score.entries()].map(([id, s]) => {
    const age = c.ageDays.get(id) ?? 365;
    return { id, s: s * (1 + p.recency * Math.exp(-age / 30)) };
  });
  return ranked.sort((a, b) => b.s - a.s || b.id - a.id).map((x) => x.id);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
function evaluate(rank: (c: TCase) => number[]) {
  const conv = cases.filter((c) => c.set === 'conversation');
  const para = cases.filter((c) => c.set === 'paraphrase');
  return {
    conv1: mean(conv.map((c) => recallAt(rank(c), c.evidence, c.type, 1))),
    conv3: mean(conv.map((c) => recallAt(rank(c), c.evidence, c.type, 3))),
    conv5: mean(conv.map((c) => recallAt(rank(c), c.evidence, c.type, 5))),
    conv10: mean(conv.map((c) => recallAt(rank(c), c.evidence, c.type, 10))),
    para1: mean(para.map((c) => recallAt(rank(c), c.evidence, c.type, 1))),
    para3: mean(para.map((c) => recallAt(rank(c), c.evidence, c.type, 3))),
  };
}
const fmt = (o: Record<string, number>) =>
  Object.entries(o)
    .map(([k, v]) => `${k} ${v.toFixed(3)}`)
    .join('  ');
console.log(
  `dev: ${cases.filter((c) => c.set === 'conversation').length} conversation questions, ${cases.filter((c) => c.set === 'paraphrase').length} paraphrase questions`,
);
for (const [i, hub] of HUB.entries())
  console.log(`vector hub=${hub}     ${fmt(evaluate((c) => (c.vector[i] ?? []).map((h) => h.id)))}`);
for (const [i, p] of BM25.entries())
  console.log(`bm25 k1=${p.k1} b=${p.b} ${fmt(evaluate((c) => (c.bm25[i] ?? []).map((h) => h.id)))}`);
const results: { p: TParams; r: ReturnType<typeof evaluate> }[] = [];
for (const hub of HUB.keys())
  for (const bm25 of BM25.keys())
    for (const recency of [0, 0.05, 0.15])
      for (const wText of [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 1]) {
        for (const k of [1, 3, 5, 10, 20, 60]) {
          const p: TParams = { kind: 'rrf', k, wText, bm25, recency, hub };
          results.push({ p, r: evaluate((c) => fuse(c, p)) });
        }
        const p: TParams = { kind: 'score', k: 0, wText, bm25, recency, hub };
        results.push({ p, r: evaluate((c) => fuse(c, p)) });
      }
// One objective for both sets: conversation recall@5 and paraphrase recall@3 count alike; the other depths
// break ties.
const objective = (r: ReturnType<typeof evaluate>) =>
  r.conv5 + r.para3 + 0.1 * (r.conv1 + r.conv3 + r.conv10 + r.para1);
results.sort((a, b) => objective(b.r) - objective(a.r));
for (const { p, r } of results.slice(0, 15))
  console.log(`${JSON.stringify({ ...p, bm25: BM25[p.bm25], hub: HUB[p.hub] })}  ${fmt(r)}`);
await database.close();
process.exit(0);
