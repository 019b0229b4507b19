// The memory judge with scripted answers: a model answering each JSON request with the next answer given,
// and a way to tell the memory service one exchange, checking every scripted answer was asked for.
import { expect } from 'vitest';
import type { TChatModel, TCompleteJsonInput } from '../server/ai/chat-model.ts';
import type { TDatabase } from '../server/db/client.ts';
import type { TEmbedder } from '../server/memory/embedder.ts';
import type { TMemoryService } from '../server/services/memories/memory-service.ts';
import { fakeEmbedding } from './fake-openai-server.ts';
import { createSignedInUser } from './test-app.ts';

/** A bag-of-words encoder: texts sharing words are near (deterministic, no model files). */
export const BAG_OF_WORDS: TEmbedder = {
  id: 'test:bag-of-words',
  embed: async (texts) => texts.map((t) => fakeEmbedding(t)),
};

/** A model answering each JSON request with the next scripted answer (null once they run out). */
export function scriptedJudge(answers: unknown[]) {
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

/** The judge's answer keeping these facts (importance 4, no day unless given). */
export const judged = (
  ...facts: { fact: string; kind: string; date?: string | null; importance?: number }[]
) => ({
  remember: true,
  importance: 4,
  facts: facts.map((f) => ({ importance: 4, date: null, ...f })),
});

export const SERAPHINE = 1;

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
