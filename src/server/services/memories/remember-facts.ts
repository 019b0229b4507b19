// What the judge keeps of an exchange: its facts, each compared with the person's closest kept facts (add,
// update, delete or refresh), or, when the model named no usable fact, the person's words as before facts.
import type { TDb } from '../../db/client.ts';
import type { TMemoryRecord } from '../../db/queries/memories.ts';
import {
  deleteFact,
  factContextOf,
  factFromMessage,
  insertFact,
  refreshFact,
  updateFact,
} from '../../db/queries/memory-facts.ts';
import type { TLogger } from '../../lib/logger.ts';
import { reconcileFact } from '../../memory/facts.ts';
import { judgeExchange, type TJudgedFact, toImportance } from '../../memory/judge.ts';
import type { TRememberInput } from './memory-service.ts';

/** Kept facts a new fact is compared with: the person's closest few of the character's. */
export const CLOSEST_KEPT_FACTS = 3;
/**
 * Kept facts that share no word with the new fact and are less alike than this (cosine) are not shown to
 * the model: nothing to compare, no call made (the search's own floor: 'dog birthday' 0.55 to the dog's
 * birthday, unrelated texts up to 0.30).
 */
export const KEPT_MIN_SIMILARITY = 0.4;

export type TFactDeps = {
  db: TDb;
  log?: TLogger;
  /** The id stored beside a vector: the encoder that made it. */
  modelOf(vector: number[]): string;
  embedOne(text: string): Promise<number[] | null>;
  /** pgvector text form of a vector when this database has pgvector, else null. */
  vectorFor(vector: number[] | null): Promise<string | null>;
  /** The person's memories of the character closest to a text (the memory search, best first). */
  closest(input: {
    userId: number;
    characterId: number;
    text: string;
    embedding: number[] | null;
  }): Promise<TMemoryRecord[]>;
  /** Keeps the person's words as a memory (hand-added and pre-fact memories' path, with its dedupe). */
  keepWords(input: TRememberInput, importance: number): Promise<TMemoryRecord>;
};

/** Judge, then keep; returns what was added or changed (empty when nothing was). */
export async function rememberExchange(
  deps: TFactDeps,
  input: TRememberInput,
  signal?: AbortSignal,
): Promise<TMemoryRecord[]> {
  const person = await factContextOf(deps.db, input.userId);
  const verdict = await judgeExchange(
    input.model,
    {
      message: input.message,
      reply: input.reply,
      userName: person?.name,
      sentAt: input.sentAt ? new Date(input.sentAt) : new Date(),
      timeZone: person?.timeZone ?? null,
    },
    signal,
  );
  // Stopped while judging (shutdown): the job is already back in the queue for a retry.
  signal?.throwIfAborted();
  if (verdict === null) {
    deps.log?.debug({ model: input.model.id }, 'memory judge gave no usable answer');
    return [];
  }
  if (!verdict.remember) return [];
  // The model said to remember but named no usable fact: the person's words are kept, as before facts.
  if (verdict.facts.length === 0) return [await deps.keepWords(input, toImportance(verdict.importance))];
  const kept: TMemoryRecord[] = [];
  for (const fact of verdict.facts) {
    // Facts of one message are never compared with each other: each says something of its own.
    signal?.throwIfAborted();
    const row = await keepFact(deps, input, fact, new Set(kept.map((k) => k.id)), signal).catch((err) => {
      deps.log?.warn({ err }, 'a fact was not kept');
      return null;
    });
    if (row) kept.push(row);
  }
  return kept;
}

async function keepFact(
  deps: TFactDeps,
  input: TRememberInput,
  f: TJudgedFact,
  fromThisMessage: Set<number>,
  signal?: AbortSignal,
): Promise<TMemoryRecord | null> {
  const owner = { userId: input.userId, characterId: input.characterId };
  const importance = toImportance(f.importance);
  // A judgment retried after a crash keeps what it kept before: its facts from this message are refreshed.
  if (input.chatLogUuid && input.messagePosition != null) {
    const source = { chatLogUuid: input.chatLogUuid, sourcePosition: input.messagePosition };
    const kept = await factFromMessage(deps.db, { ...owner, ...source, fact: f.fact });
    if (kept !== undefined) return refreshFact(deps.db, { ...owner, id: kept, importance });
  }
  const vector = await deps.embedOne(f.fact);
  const closest = (await deps.closest({ ...owner, text: f.fact, embedding: vector }))
    .filter((m) => m.fact !== null && !fromThisMessage.has(m.id))
    .slice(0, CLOSEST_KEPT_FACTS);
  const decision = await reconcileFact(
    input.model,
    {
      fact: f.fact,
      happensOn: f.happensOn,
      kept: closest.map((m) => ({ id: m.id, fact: m.fact as string, happensOn: m.happensOn })),
    },
    signal,
  );
  const words = {
    content: input.message,
    reply: input.reply,
    chatLogUuid: input.chatLogUuid,
    sourcePosition: input.messagePosition ?? null,
  };
  // A vector as stored: its pgvector text (null without pgvector or a vector) and the encoder that made it.
  const stored = async (v: number[] | null) => {
    const literal = await deps.vectorFor(v);
    return { embedding: literal, embeddingModel: literal && v ? deps.modelOf(v) : null };
  };
  const embedding = await stored(vector);
  const add = () =>
    insertFact(deps.db, {
      ...owner,
      ...words,
      ...embedding,
      characterName: input.characterName,
      fact: f.fact,
      kind: f.kind,
      happensOn: f.happensOn,
      importance,
    });
  deps.log?.debug({ action: decision.action }, 'memory fact');
  switch (decision.action) {
    case 'add':
      return add();
    case 'none':
      return refreshFact(deps.db, { ...owner, id: decision.id, importance });
    case 'update': {
      // The rewritten fact is what is searched now: its own vector.
      const rewritten =
        decision.fact === f.fact ? embedding : await stored(await deps.embedOne(decision.fact));
      return updateFact(deps.db, {
        ...owner,
        ...words,
        id: decision.id,
        fact: decision.fact,
        kind: f.kind,
        happensOn: f.happensOn,
        importance,
        ...rewritten,
      });
    }
    case 'delete': {
      await deleteFact(deps.db, { ...owner, id: decision.id });
      if (decision.fact === null) return null;
      const now = decision.fact === f.fact ? embedding : await stored(await deps.embedOne(decision.fact));
      return insertFact(deps.db, {
        ...owner,
        ...words,
        ...now,
        characterName: input.characterName,
        fact: decision.fact,
        kind: f.kind,
        // What is true now is that the dated thing is off: no check-in after its day.
        happensOn: null,
        importance,
      });
    }
  }
}
