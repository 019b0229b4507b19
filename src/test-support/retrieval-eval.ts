// Shared by the retrieval quality tests and the fusion tuning script: a conversation loaded as one person's
// memories, and recall@k of a ranked list against a question's evidence turns.
import type { TDatabase } from '../server/db/client.ts';
import { insertMemory } from '../server/db/queries/memories.ts';
import { bm25Arm, vectorArm } from '../server/db/queries/memory-arms.ts';
import { BM25_SETTINGS } from '../server/db/queries/memory-search.ts';
import { toVectorParam } from '../server/db/vector-param.ts';
import type { TEmbedder } from '../server/memory/embedder.ts';
import type { TConversation, TQuestion, TQuestionType } from './conversation-set/index.ts';
import { createSignedInUser } from './test-app.ts';

export const KS = [1, 3, 5, 10] as const;
export const TYPES: TQuestionType[] = ['single', 'multi', 'when', 'changed'];

/**
 * Every turn of the person's kept as a memory (their words, the companion's reply), dated so the last
 * session ended yesterday; returns the person and the memory id of each turn.
 */
export async function loadConversation(
  database: TDatabase,
  embedder: TEmbedder | null,
  conversation: TConversation,
  characterId: number,
): Promise<{ userId: number; turnIds: number[] }> {
  const user = await createSignedInUser(database, { name: conversation.person });
  const last = conversation.turns.at(-1)?.at.getTime() ?? Date.now();
  const shift = Date.now() - 86_400_000 - last;
  const vectors = embedder ? await embedder.embed(conversation.turns.map((t) => t.text)) : [];
  const turnIds: number[] = [];
  for (const [i, turn] of conversation.turns.entries()) {
    const v = vectors[i];
    const row = await insertMemory(database.db, {
      userId: user.id,
      characterId,
      chatLogUuid: null,
      content: turn.text,
      reply: turn.reply,
      characterName: 'Seraphine Vale',
      importance: 0.5,
      embedding: v ? toVectorParam(v) : null,
      embeddingModel: v && embedder ? embedder.id : null,
      createdAt: new Date(turn.at.getTime() + shift),
    });
    turnIds.push(row.id);
  }
  return { userId: user.id, turnIds };
}

/**
 * The share of the evidence found in the top k: for 'multi' the fraction of its evidence turns there,
 * otherwise 1 when any evidence turn is there (each says the same thing).
 */
export function recallAt(ranked: number[], evidence: number[], type: TQuestionType, k: number): number {
  const top = new Set(ranked.slice(0, k));
  const found = evidence.filter((id) => top.has(id)).length;
  if (type === 'multi') return found / evidence.length;
  return found > 0 ? 1 : 0;
}

export type TRecallTable = Record<TQuestionType | 'all', Record<number, number> & { n: number }>;

/** recall@1/3/5/10 per question type and over all, from each question's ranked memory ids. */
export function recallTable(results: { question: TQuestion; evidenceIds: number[]; ranked: number[] }[]) {
  const table = {} as TRecallTable;
  for (const type of [...TYPES, 'all'] as const) {
    const mine = results.filter((r) => type === 'all' || r.question.type === type);
    const row = { n: mine.length } as Record<number, number> & { n: number };
    for (const k of KS) {
      const sum = mine.reduce((s, r) => s + recallAt(r.ranked, r.evidenceIds, r.question.type, k), 0);
      row[k] = mine.length ? sum / mine.length : 0;
    }
    table[type] = row;
  }
  return table;
}

/** A markdown table of several methods' recall, one row per method and type. */
export function formatRecall(title: string, tables: Record<string, TRecallTable>): string {
  const lines = [
    `${title}`,
    '| method | type | n | R@1 | R@3 | R@5 | R@10 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [method, table] of Object.entries(tables)) {
    for (const type of [...TYPES, 'all'] as const) {
      const row = table[type];
      if (row.n === 0) continue;
      lines.push(
        `| ${method} | ${type} | ${row.n} | ${KS.map((k) => (row[k] ?? 0).toFixed(3)).join(' | ')} |`,
      );
    }
  }
  return lines.join('\n');
}

export type TMethod = 'cosine alone' | 'BM25 alone' | 'Kindred';
export type TResult = { question: TQuestion; evidenceIds: number[]; ranked: number[] };
export type TSplitResults = Record<'dev' | 'test', Record<TMethod, TResult[]>>;

export const emptyResults = (): TSplitResults => ({
  dev: { 'cosine alone': [], 'BM25 alone': [], Kindred: [] },
  test: { 'cosine alone': [], 'BM25 alone': [], Kindred: [] },
});

/**
 * Ranks the person's memories for one question three ways and files each ranking under `into`: the
 * cosine arm (when the question has a vector), the BM25 arm, and Kindred's search (both fused).
 */
export async function rankThreeWays(
  database: TDatabase,
  memory: {
    search(q: {
      userId: number;
      characterId: number;
      text: string;
      limit: number;
    }): Promise<{ id: number }[]>;
  },
  into: Record<TMethod, TResult[]>,
  q: { userId: number; characterId: number; question: TQuestion; evidenceIds: number[]; vector?: number[] },
): Promise<void> {
  const { userId, characterId, question, evidenceIds } = q;
  if (q.vector) {
    const cosine = await vectorArm(database.db, {
      userId,
      characterId,
      embedding: toVectorParam(q.vector),
    });
    into['cosine alone'].push({ question, evidenceIds, ranked: cosine.map((h) => h.id) });
  }
  const bm25 = await bm25Arm(database.db, { userId, characterId, text: question.text, ...BM25_SETTINGS });
  into['BM25 alone'].push({ question, evidenceIds, ranked: bm25.map((h) => h.id) });
  const found = await memory.search({ userId, characterId, text: question.text, limit: 10 });
  into.Kindred.push({ question, evidenceIds, ranked: found.map((m) => m.id) });
}

/** Each method's recall table on one split (methods without results left out). */
export function tablesOf(results: TSplitResults, split: 'dev' | 'test'): Record<TMethod, TRecallTable> {
  const out: Partial<Record<TMethod, TRecallTable>> = {};
  for (const [method, rows] of Object.entries(results[split]) as [TMethod, TResult[]][])
    if (rows.length) out[method] = recallTable(rows);
  return out as Record<TMethod, TRecallTable>;
}
