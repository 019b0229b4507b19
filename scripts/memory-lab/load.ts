// The memory lab's data: both quality sets' people (memories and questions) with each text's vector from the
// shipped encoder and its lexemes as the BM25 arm reads them (to_tsvector 'english'), cached in the system's
// temporary folder so variants of the ranking can be tried in-process in seconds. Dev and test questions
// are both loaded (the test split is for reporting once, never for choosing).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../src/server/db/pglite.ts';
import { createUseLiteEmbedder } from '../../src/server/memory/use-lite-embedder.ts';
import { CONVERSATIONS, type TQuestionType } from '../../src/test-support/conversation-set/index.ts';
import {
  DEV_DISTRACTOR_MEMORIES,
  DEV_MEMORY_QUESTION_PAIRS,
  DISTRACTOR_MEMORIES,
  MEMORY_QUESTION_PAIRS,
} from '../../src/test-support/memory-quality-set.ts';

/** A text as the lab reads it: its words, its unit vector and its lexemes with their counts. */
export type TText = { text: string; vector: number[]; lexemes: Record<string, number> };
export type TLabQuestion = TText & {
  set: 'paraphrase' | 'conversation';
  split: 'dev' | 'test';
  type: TQuestionType;
  /** Indexes into the person's memories. */
  evidence: number[];
};
export type TLabPerson = {
  memories: (TText & { ageDays: number })[];
  questions: TLabQuestion[];
};

const CACHE = path.join(os.tmpdir(), 'kindred-memory-lab-v1.json');

/** A text's lexemes and how often each occurs (as memory_terms counts them). */
export async function lexemesOf(pg: PGlite, text: string): Promise<Record<string, number>> {
  const result = await pg.query<{ lexeme: string; tf: number }>(
    `select lexeme, coalesce(array_length(positions, 1), 1) as tf from unnest(to_tsvector('english', $1))`,
    [text],
  );
  return Object.fromEntries(result.rows.map((r) => [r.lexeme, Number(r.tf)]));
}

type TRaw = {
  memories: { text: string; ageDays: number }[];
  questions: Omit<TLabQuestion, 'vector' | 'lexemes'>[];
};

function rawPeople(): TRaw[] {
  const people: TRaw[] = [];
  const pairs = (
    list: { memory: string; question: string }[],
    others: string[],
    split: (i: number) => 'dev' | 'test',
  ) => ({
    memories: [...list.map((p) => p.memory), ...others].map((text) => ({ text, ageDays: 0 })),
    questions: list.map((p, i) => ({
      text: p.question,
      set: 'paraphrase' as const,
      split: split(i),
      type: 'single' as const,
      evidence: [i],
    })),
  });
  people.push(pairs(MEMORY_QUESTION_PAIRS, DISTRACTOR_MEMORIES, (i) => (i % 2 === 0 ? 'dev' : 'test')));
  people.push(pairs(DEV_MEMORY_QUESTION_PAIRS, DEV_DISTRACTOR_MEMORIES, () => 'dev'));
  for (const c of CONVERSATIONS) {
    const last = c.turns.at(-1)?.at.getTime() ?? 0;
    people.push({
      memories: c.turns.map((t) => ({ text: t.text, ageDays: (last - t.at.getTime()) / 86_400_000 + 1 })),
      questions: c.questions.map((q) => ({ ...q, set: 'conversation' as const, split: c.split })),
    });
  }
  return people;
}

/** Every person of both sets, from the cache when it is there. */
export async function loadLab(): Promise<{ people: TLabPerson[]; pg: PGlite }> {
  const pg = await openPglite(undefined);
  if (existsSync(CACHE)) return { people: JSON.parse(readFileSync(CACHE, 'utf8')), pg };
  const embedder = createUseLiteEmbedder();
  const people: TLabPerson[] = [];
  for (const raw of rawPeople()) {
    const texts = [...raw.memories.map((m) => m.text), ...raw.questions.map((q) => q.text)];
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += 64)
      vectors.push(...(await embedder.embed(texts.slice(i, i + 64))));
    const lex: Record<string, number>[] = [];
    for (const t of texts) lex.push(await lexemesOf(pg, t));
    const n = raw.memories.length;
    people.push({
      memories: raw.memories.map((m, i) => ({ ...m, vector: vectors[i] ?? [], lexemes: lex[i] ?? {} })),
      questions: raw.questions.map((q, i) => ({
        ...q,
        vector: vectors[n + i] ?? [],
        lexemes: lex[n + i] ?? {},
      })),
    });
  }
  writeFileSync(CACHE, JSON.stringify(people));
  return { people, pg };
}
