// The memory judge with scripted answers: a model answering each JSON request with the next answer given,
// a way to tell the memory service one exchange, checking every scripted answer was asked for, and a
// suite's set-up of a test database with a memory service.
import { expect } from 'vitest';
import type { TDatabase } from '../server/db/client.ts';
import type { TEmbedder } from '../server/memory/embedder.ts';
import { memoriesOfCharacter } from '../server/services/memories/list-memories.ts';
import { createMemoryService, type TMemoryService } from '../server/services/memories/memory-service.ts';
import { fakeEmbedding } from './fake-openai-answers.ts';
import { jsonModel } from './json-models.ts';
import { setUpBuilt } from './set-up.ts';
import { createSignedInUser } from './test-app.ts';
import { openTestDatabase } from './test-db.ts';

/** A bag-of-words encoder: texts sharing words are near (deterministic, no model files). */
export const BAG_OF_WORDS: TEmbedder = {
  id: 'test:bag-of-words',
  embed: async (texts) => texts.map((t) => fakeEmbedding(t)),
};

/** A model answering each JSON request with the next scripted answer (null once they run out). */
export function scriptedJudge(answers: unknown[]) {
  return { ...jsonModel('test:scripted', () => answers.shift() ?? null), left: answers };
}

/** The judge's answer keeping these facts (importance 4, no day unless given). */
export const judged = (
  ...facts: { fact: string; kind: string; date?: string | null; importance?: number }[]
) => ({
  remember: true,
  importance: 4,
  facts: facts.map((f) => ({ importance: 4, date: null, ...f })),
});

export const SERAPHINE = 1;

/** A test database and a memory service on the bag-of-words encoder, built before the suite's tests. */
export function setUpJudgedMemory() {
  const handle = setUpBuilt(async () => {
    const database = await openTestDatabase();
    return {
      database,
      memory: createMemoryService({ database, embedder: BAG_OF_WORDS }),
      close: () => database.close(),
    };
  });
  return {
    get database() {
      return handle.database;
    },
    get memory() {
      return handle.memory;
    },
    person: (name: string) => personNamed(handle.database, name),
    /** `tell` on this suite's memory. */
    tell: (userId: number, message: string, answers: unknown[], extra: { sentAt?: string } = {}) =>
      tell(handle.memory, userId, message, answers, extra),
    /** The facts the person's memories of Seraphine hold (null for kept words), in list order. */
    factsOf: async (userId: number) =>
      (await memoriesOfCharacter(handle.database.db, userId, SERAPHINE)).map((m) => m.fact),
  };
}

export async function personNamed(database: TDatabase, name: string): Promise<number> {
  return (await createSignedInUser(database, { name })).id;
}

/** The person tells Seraphine `message` (position 4 of no stored chat); the judge answers as scripted. */
export async function tell(
  memory: TMemoryService,
  userId: number,
  message: string,
  answers: unknown[],
  extra: { sentAt?: string } = {},
) {
  const s = scriptedJudge(answers);
  const kept = await memory.remember({
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
  return { kept, calls: s.calls };
}
