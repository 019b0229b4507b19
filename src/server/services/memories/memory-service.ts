// Memory as the rest of the server uses it: recall for a reply, remember after it, add, search, re-embed.
import { MEMORY_MAX_CHARS, type TMemory } from '../../../shared/memories.ts';
import type { TReembedProgress } from '../../../shared/models.ts';
import type { TChatModel } from '../../ai/chat-model.ts';
import { isLocalModel, type TModelSet } from '../../ai/model-set.ts';
import type { TDatabase, TDb } from '../../db/client.ts';
import { findVisibleCharacter } from '../../db/queries/characters.ts';
import { findChatLog } from '../../db/queries/chat-logs.ts';
import { saveMemory, type TMemoryRecord } from '../../db/queries/memories.ts';
import { hasMemoriesOf, recallMemories, searchMemories } from '../../db/queries/memory-search.ts';
import { findUserById } from '../../db/queries/users.ts';
import { createJudgeQueue, type TJudgeJob } from '../../jobs/judge-queue.ts';
import type { TLogger } from '../../lib/logger.ts';
import { modelOfVector, type TEmbedder, toVectorLiteral } from '../../memory/embedder.ts';
import { detectSearchCapabilities, type TSearchCapabilities } from '../../memory/search-capabilities.ts';
import { isNothingToJudge } from '../../memory/trivial.ts';
import { createReembedder } from './reembed-memories.ts';
import { KEPT_MIN_SIMILARITY, rememberExchange } from './remember-facts.ts';

/**
 * Two memories of one person and character at or above this cosine similarity (Universal Sentence
 * Encoder lite) say the same thing. Measured in dedupe-threshold.test.ts: re-tellings (punctuation, case,
 * contractions, word order) score 0.907-0.996, 'seventy'/'70' re-told 0.864, and the closest two different
 * memories of the quality set ('I went bowling with my aunt…' / '…with my cousin…') 0.897.
 */
export const DUPLICATE_SIMILARITY = 0.9;
/**
 * Recall before a reply keeps the best few whatever their similarity: no floor drops the right memory
 * before or after fusion (a floor of similarity 0.2 before fusion cost recall on the quality sets).
 */
export const RECALL_MIN_SIMILARITY = 0;
/**
 * A person searching wants matches, not neighbours: after fusion, what shares no word with the search must
 * be at least 0.4 alike (nonsense queries score up to 0.30 against ordinary memories, 'dog birthday' 0.55
 * against the dog's birthday).
 */
export const SEARCH_MIN_SIMILARITY = 0.4;
/** Recalled memories in a prompt besides the pinned ones. */
export const RECALL_TOP = 4;

/** `fact` (when the judge kept one) is what the prompt says; else the person's words and the reply. */
export type TPromptMemory = {
  /** The memory's id (a reply shows which memories it was given). */
  id?: number;
  content: string;
  reply: string;
  pinned: boolean;
  fact?: string | null;
};

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
};

export type TMemoryService = {
  capabilities(): Promise<TSearchCapabilities>;
  embedder: TEmbedder;
  /** The vector of a text, or null when the encoder fails (recall then uses full text alone). */
  embedOne(text: string): Promise<number[] | null>;
  /**
   * Pinned memories, then the top few for this message; and the message's own vector, made only when
   * there are memories of the character to search (null otherwise).
   */
  recallForReply(input: {
    userId: number;
    characterId: number;
    message: string;
    recentUserTurns: string[];
    /** Whether the person has memories of the character, when the caller already read it. */
    hasMemories?: boolean;
  }): Promise<{ memories: TPromptMemory[]; embedding: number[] | null }>;
  /**
   * Queues the exchange for the judge as a pg-boss job (judged in the background, one at a time, by the
   * same kind of model, retried; a restart loses none): the reply never waits for it. A trivial message or
   * a question saying nothing about the person is not queued (the judge keeps nothing of those).
   */
  rememberLater(input: TRememberInput): void;
  /** Judge, embed, keep facts (or the words); the first memory kept or changed, null when none was. */
  remember(input: TRememberInput): Promise<TMemoryRecord | null>;
  /** Stores a memory as given (by hand, or "Remember this" on a message), embedded at once. */
  store(input: {
    userId: number;
    characterId: number;
    characterName: string;
    content: string;
    reply: string;
    importance: number;
    pinned?: boolean;
    chatLogUuid?: string | null;
  }): Promise<TMemoryRecord>;
  search(input: {
    userId: number;
    characterId: number | null;
    text: string;
    limit: number;
    minSimilarity?: number;
    /** The text's vector when the caller already has it (null: search without one). */
    embedding?: number[] | null;
  }): Promise<TMemoryRecord[]>;
  /** Re-embeds memories made by another encoder (or none), in batches; returns how many it did. */
  reembedAll(): Promise<number>;
  /** Where the background re-embed is (the owner's model screen polls it). */
  reembedProgress(): TReembedProgress;
  /**
   * Takes the owner's downloaded embedding model when it loads (no restart), then re-embeds in the
   * background; false when memory keeps its encoder (no such file, it does not load, or a remote encoder).
   */
  switchToDownloadedEncoder(): Promise<boolean>;
  /** Starts judging the exchanges waiting in the database (also those left by an earlier run). */
  start(): Promise<void>;
  /** Resolves when the remember queue is empty (tests, benchmarks). */
  idle(): Promise<void>;
  /** Stops judging (shutdown): the judgment under way has a few seconds, then waits for a retry. */
  stop(): Promise<void>;
};

/** A memory for the API; `history` is what its fact said before (memory-history.ts reads it). */
export function toMemory(r: TMemoryRecord, history: TMemory['history'] = []): TMemory {
  return {
    id: r.id,
    characterId: r.characterId,
    characterName: r.characterName,
    content: r.content,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    checked_in: r.checkedIn,
    pinned: r.pinned,
    importance: r.importance,
    fact: r.fact,
    kind: r.kind,
    happensOn: r.happensOn,
    source: r.chatLogUuid ? { chatUuid: r.chatLogUuid, position: r.sourcePosition } : null,
    updatedAt: r.updatedAt.toISOString(),
    history,
  };
}

export function createMemoryService(deps: {
  database: TDatabase;
  embedder: TEmbedder;
  log?: TLogger;
  /** The chat models the judge takes its model from (background work); needed to judge exchanges. */
  models?: TModelSet;
}): TMemoryService {
  const db: TDb = deps.database.db;
  const { embedder, log } = deps;
  let caps: Promise<TSearchCapabilities> | null = null;
  const capabilities = () => {
    caps ??= detectSearchCapabilities(db).then((c) => {
      if (!c.vector) log?.info({ trgm: c.trgm }, 'memory search: BM25 alone (this Postgres has no pgvector)');
      else log?.info({ trgm: c.trgm, embeddings: embedder.id }, 'memory search: vectors, BM25 and trigrams');
      return c;
    });
    return caps;
  };

  const embedOne = async (text: string) => {
    try {
      const [v] = await embedder.embed([text]);
      return v ?? null;
    } catch (err) {
      log?.warn({ err, embeddings: embedder.id }, 'embedding failed');
      return null;
    }
  };

  const vectorFor = async (vector: number[] | null) =>
    (await capabilities()).vector && vector ? toVectorLiteral(vector) : null;

  const writeMemory = async (m: {
    userId: number;
    characterId: number;
    characterName: string;
    chatLogUuid: string | null;
    sourcePosition?: number | null;
    content: string;
    reply: string;
    importance: number;
    pinned?: boolean;
    embedding: number[] | null;
  }): Promise<TMemoryRecord> => {
    const content = m.content.trim().slice(0, MEMORY_MAX_CHARS);
    const literal = await vectorFor(m.embedding);
    // The same thing said again refreshes the memory instead of adding a near-copy.
    return saveMemory(db, {
      userId: m.userId,
      characterId: m.characterId,
      chatLogUuid: m.chatLogUuid,
      sourcePosition: m.sourcePosition ?? null,
      content,
      reply: m.reply,
      characterName: m.characterName,
      importance: m.importance,
      pinned: m.pinned,
      embedding: literal,
      embeddingModel: literal && m.embedding ? modelOfVector(embedder, m.embedding) : null,
      duplicateSimilarity: DUPLICATE_SIMILARITY,
      hasTrgm: (await capabilities()).trgm,
    });
  };

  // A vector recall made before the encoder changed (a job waits a while) is made again by the current one.
  const isCurrent = (e: TRememberInput): e is TRememberInput & { embedding: number[] } =>
    Boolean(e.embedding) && (e.embeddingModel ?? modelOfVector(embedder, e.embedding ?? [])) === embedder.id;

  const remember = async (input: TRememberInput, signal?: AbortSignal): Promise<TMemoryRecord | null> => {
    const kept = await rememberExchange(
      {
        db,
        log,
        modelOf: (vector) => modelOfVector(embedder, vector),
        embedOne,
        vectorFor,
        closest: (q) => search({ ...q, limit: 8, minSimilarity: KEPT_MIN_SIMILARITY }),
        keepWords: async (exchange, importance) =>
          writeMemory({
            userId: exchange.userId,
            characterId: exchange.characterId,
            characterName: exchange.characterName,
            chatLogUuid: exchange.chatLogUuid,
            sourcePosition: exchange.messagePosition ?? null,
            content: exchange.message,
            reply: exchange.reply,
            importance,
            embedding: isCurrent(exchange) ? exchange.embedding : await embedOne(exchange.message),
          }),
      },
      input,
      signal,
    );
    return kept[0] ?? null;
  };

  const search = async (input: {
    userId: number;
    characterId: number | null;
    text: string;
    limit: number;
    embedding?: number[] | null;
    minSimilarity?: number;
  }) => {
    const c = await capabilities();
    const vector = c.vector
      ? input.embedding !== undefined
        ? input.embedding
        : await embedOne(input.text)
      : null;
    return searchMemories(db, {
      userId: input.userId,
      characterId: input.characterId,
      text: input.text,
      embedding: vector ? toVectorLiteral(vector) : null,
      hasTrgm: c.trgm,
      limit: input.limit,
      minSimilarity: input.minSimilarity ?? RECALL_MIN_SIMILARITY,
    });
  };

  // Judging waits in pg-boss: the model is taken again when the job runs (a model object cannot be stored).
  const judgeJob = async (job: TJudgeJob, signal: AbortSignal) => {
    if (!deps.models) throw new Error('Judging an exchange needs the chat models');
    // Deleted while it waited (the account, the chat or the character): nothing of it is kept.
    const isGone = job.chatLogUuid
      ? !(await findChatLog(db, job.userId, job.chatLogUuid))
      : !(await findUserById(db, job.userId));
    if (isGone || !(await findVisibleCharacter(db, job.userId, job.characterId))) return;
    const model = await deps.models.forBackground(job.modelKind);
    // A model that is down is retried later (the judge itself reads a failed call as 'nothing to keep').
    if (!(await model.isAvailable())) throw new Error(`The ${job.modelKind} model is not available`);
    await remember({ ...job, model }, signal);
  };
  const reembedder = createReembedder({
    db,
    embedder,
    hasVectors: async () => (await capabilities()).vector,
  });
  const judgeQueue = createJudgeQueue({ database: deps.database, log, judge: judgeJob });
  const sending = new Set<Promise<void>>();

  return {
    capabilities,
    embedder,
    embedOne,

    async recallForReply({ userId, characterId, message, recentUserTurns, hasMemories }) {
      // Nothing to search: the encoder is not run for a vector nobody would use (a memory kept later is
      // embedded when the judge keeps it).
      if (!(hasMemories ?? (await hasMemoriesOf(db, { userId, characterId })))) {
        return { memories: [], embedding: null };
      }
      const c = await capabilities();
      // The message's vector goes back with the reply; recall searches by the message in its context (the
      // person's last turns too: "what was her name?"), which only a database with vectors can use.
      const context = [...recentUserTurns.slice(-2), message].join('\n');
      let vectors: number[][] = [];
      try {
        vectors = await embedder.embed(c.vector && context !== message ? [message, context] : [message]);
      } catch (err) {
        log?.warn({ err, embeddings: embedder.id }, 'embedding failed');
      }
      const embedding = vectors[0] ?? null;
      const recallVector = c.vector ? (vectors[1] ?? embedding) : null;
      // Pinned memories and the best of the others, in one statement.
      const { pinned, top } = await recallMemories(db, {
        userId,
        characterId,
        text: message,
        embedding: recallVector ? toVectorLiteral(recallVector) : null,
        hasTrgm: c.trgm,
        limit: RECALL_TOP,
        minSimilarity: RECALL_MIN_SIMILARITY,
      });
      const memories = [
        ...pinned.map((m) => ({ id: m.id, content: m.content, reply: m.reply, pinned: true, fact: m.fact })),
        ...top.map((m) => ({ id: m.id, content: m.content, reply: m.reply, pinned: false, fact: m.fact })),
      ];
      return { memories, embedding };
    },

    rememberLater(input) {
      if (!deps.models) throw new Error('Judging an exchange needs the chat models');
      // The judge would keep nothing of it without asking the model: no job, no database round trips.
      if (isNothingToJudge(input.message)) return;
      const sent = judgeQueue
        .send({
          userId: input.userId,
          characterId: input.characterId,
          characterName: input.characterName,
          chatLogUuid: input.chatLogUuid,
          messagePosition: input.messagePosition ?? null,
          sentAt: input.sentAt ?? new Date().toISOString(),
          message: input.message,
          reply: input.reply,
          modelKind: isLocalModel(input.model) ? 'local' : 'remote',
          embedding: input.embedding ?? null,
          embeddingModel: input.embedding ? modelOfVector(embedder, input.embedding) : null,
        })
        .catch((err) => log?.warn({ err }, 'an exchange could not be queued for the memory judge'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },

    remember: (input) => remember(input),

    async store(input) {
      const embedding = await embedOne(input.content);
      return writeMemory({ ...input, chatLogUuid: input.chatLogUuid ?? null, embedding });
    },

    search: (input) => search(input),

    reembedAll: () => reembedder.run(),

    reembedProgress: () => reembedder.progress(),

    async switchToDownloadedEncoder() {
      const isSwitched = (await embedder.switchToDownloaded?.()) ?? false;
      if (isSwitched)
        void reembedder.run().catch((err) => log?.warn({ err }, 're-embedding memories failed'));
      return isSwitched;
    },

    start: () => judgeQueue.start(),

    async idle() {
      while (sending.size > 0) await Promise.all(sending);
      await judgeQueue.idle();
    },

    async stop() {
      while (sending.size > 0) await Promise.all(sending);
      await judgeQueue.stop();
    },
  };
}
