// What the judge keeps of an exchange: its facts, each compared with the person's closest kept facts (add,
// update, delete or refresh), or, when the model named no usable fact, the person's words as before facts.
import type { TChatModel } from '../../ai/chat-model.ts';
import type { TMemoryRecord } from '../../db/queries/memories.ts';
import {
  deleteFact,
  factContextOf,
  factFromMessage,
  insertFact,
  refreshFact,
  updateFact,
} from '../../db/queries/memory-facts.ts';
import { modelOfVector } from '../../memory/embedder.ts';
import { reconcileFact } from '../../memory/facts.ts';
import { judgeExchange, type TJudgedFact, toImportance } from '../../memory/judge.ts';
import type { TMemoryIndex } from '../../memory/memory-index.ts';
import { findMemories } from './find-memories.ts';
import { writeMemory } from './write-memory.ts';

/** Kept facts a new fact is compared with: the person's closest few of the character's. */
export const CLOSEST_KEPT_FACTS = 3;
/**
 * Kept facts that share no word with the new fact and are less alike than this (cosine) are not shown to
 * the model: nothing to compare, no call made (the search's own floor: 'dog birthday' 0.55 to the dog's
 * birthday, unrelated texts up to 0.30).
 */
export const KEPT_MIN_SIMILARITY = 0.4;

/** The judge runs after the reply, and nobody waits on its vectors: replies' own go first. */
const BACKGROUND = { background: true };

export type TRememberInput = {
  userId: number;
  characterId: number;
  characterName: string;
  chatLogUuid: string | null;
  /** The person's message's position in the chat (null: not a stored chat message); a fact's source. */
  messagePosition?: number | null;
  /** When the message was sent (ISO; now when missing): relative dates are resolved against it. */
  sentAt?: string;
  message: string;
  reply: string;
  model: TChatModel;
  /** The message's vector, when recall already made it. */
  embedding?: number[] | null;
  /** The encoder that made `embedding` (a vector from an encoder memory no longer uses is made again). */
  embeddingModel?: string | null;
  /** The person's name and time zone, when already read (factContextOf otherwise). */
  person?: { timeZone: string | null; name: string } | null;
};

/** Judge, then keep; returns what was added or changed (empty when nothing was). */
export async function rememberExchange(
  index: TMemoryIndex,
  input: TRememberInput,
  signal?: AbortSignal,
): Promise<TMemoryRecord[]> {
  const person = input.person !== undefined ? input.person : await factContextOf(index.db, input.userId);
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
    index.log?.debug({ model: input.model.id }, 'memory judge gave no usable answer');
    return [];
  }
  if (!verdict.remember) return [];
  // The model said to remember but named no usable fact: the person's words are kept, as before facts.
  if (verdict.facts.length === 0) return [await keepWords(index, input, toImportance(verdict.importance))];
  const kept: TMemoryRecord[] = [];
  for (const fact of verdict.facts) {
    // Facts of one message are never compared with each other: each says something of its own.
    signal?.throwIfAborted();
    const row = await keepFact(index, input, fact, new Set(kept.map((k) => k.id)), signal).catch((err) => {
      index.log?.warn({ err }, 'a fact was not kept');
      return null;
    });
    if (row) kept.push(row);
  }
  return kept;
}

// A vector recall made before the encoder changed (a job waits a while) is made again by the current one.
const isCurrent = (index: TMemoryIndex, e: TRememberInput): e is TRememberInput & { embedding: number[] } =>
  Boolean(e.embedding) &&
  (e.embeddingModel ?? modelOfVector(index.embedder, e.embedding ?? [])) === index.embedder.id;

/** Keeps the person's words as a memory (hand-added and pre-fact memories' path, with its dedupe). */
async function keepWords(index: TMemoryIndex, exchange: TRememberInput, importance: number) {
  return writeMemory(index, {
    userId: exchange.userId,
    characterId: exchange.characterId,
    characterName: exchange.characterName,
    chatLogUuid: exchange.chatLogUuid,
    sourcePosition: exchange.messagePosition ?? null,
    content: exchange.message,
    reply: exchange.reply,
    importance,
    embedding: isCurrent(index, exchange)
      ? exchange.embedding
      : await index.vectorToKeep(exchange.message, BACKGROUND),
  });
}

async function keepFact(
  index: TMemoryIndex,
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
    const kept = await factFromMessage(index.db, { ...owner, ...source, fact: f.fact });
    if (kept !== undefined) return refreshFact(index.db, { ...owner, id: kept, importance });
  }
  const vector = await index.vectorToKeep(f.fact, BACKGROUND);
  const closest = (
    await findMemories(index, {
      ...owner,
      text: f.fact,
      embedding: vector,
      limit: 8,
      minSimilarity: KEPT_MIN_SIMILARITY,
    })
  )
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
    const param = await index.vectorFor(v);
    return { embedding: param, embeddingModel: param && v ? modelOfVector(index.embedder, v) : null };
  };
  const embedding = await stored(vector);
  const add = () =>
    insertFact(index.db, {
      ...owner,
      ...words,
      ...embedding,
      characterName: input.characterName,
      fact: f.fact,
      kind: f.kind,
      happensOn: f.happensOn,
      importance,
    });
  index.log?.debug({ action: decision.action }, 'memory fact');
  switch (decision.action) {
    case 'add':
      return add();
    case 'none':
      return refreshFact(index.db, { ...owner, id: decision.id, importance });
    case 'update': {
      // The rewritten fact is what is searched now: its own vector.
      const rewritten =
        decision.fact === f.fact
          ? embedding
          : await stored(await index.vectorToKeep(decision.fact, BACKGROUND));
      return updateFact(index.db, {
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
      await deleteFact(index.db, { ...owner, id: decision.id });
      if (decision.fact === null) return null;
      const now =
        decision.fact === f.fact
          ? embedding
          : await stored(await index.vectorToKeep(decision.fact, BACKGROUND));
      return insertFact(index.db, {
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
