// Memory as the rest of the server uses it: recall for a reply, remember after it, add, search, re-embed.
// Each is a use case of its own file in this folder; this wires them to one database, encoder and queue.
import type { TReembedProgress } from '../../../shared/models.ts';
import type { TModelSet } from '../../ai/model-set.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TMemoryRecord } from '../../db/queries/memories.ts';
import { createJudgeQueue } from '../../jobs/judge-queue.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TEmbedder } from '../../memory/embedder.ts';
import { createMemoryIndex } from '../../memory/memory-index.ts';
import type { TSearchCapabilities } from '../../memory/search-capabilities.ts';
import { isNothingToJudge } from '../../memory/trivial.ts';
import { findMemories, type TFindMemoriesInput } from './find-memories.ts';
import { judgeQueuedExchange, toJudgeJob } from './judge-queued-exchange.ts';
import { recallForReply, type TPromptMemory, type TRecallInput } from './recall-for-reply.ts';
import { createReembedder } from './reembed-memories.ts';
import { rememberExchange, type TRememberInput } from './remember-facts.ts';
import { writeMemory } from './write-memory.ts';

export type TMemoryService = {
  capabilities(): Promise<TSearchCapabilities>;
  embedder: TEmbedder;
  /** The vector of a text, or null when the encoder fails (recall then uses full text alone). */
  embedOne(text: string): Promise<number[] | null>;
  /**
   * Pinned memories, then the top few for this message; and the message's own vector, made only when
   * there are memories of the character to search (null otherwise).
   */
  recallForReply(input: TRecallInput): Promise<{ memories: TPromptMemory[]; embedding: number[] | null }>;
  /**
   * Queues the exchange for the judge as a pg-boss job (judged in the background, a person's one at a
   * time, by the same kind of model, retried; a restart loses none): the reply never waits for it. A
   * trivial message or a question saying nothing about the person is not queued (the judge keeps nothing
   * of those).
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
  search(input: TFindMemoriesInput): Promise<TMemoryRecord[]>;
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

export function createMemoryService(deps: {
  database: TDatabase;
  embedder: TEmbedder;
  log?: TLogger;
  /** The chat models the judge takes its model from (background work); needed to judge exchanges. */
  models?: TModelSet;
}): TMemoryService {
  const { embedder, log, models } = deps;
  const index = createMemoryIndex({ db: deps.database.db, embedder, log });
  const reembedder = createReembedder({
    db: index.db,
    embedder,
    hasVectors: async () => (await index.capabilities()).vector,
  });
  const judgeQueue = createJudgeQueue({
    database: deps.database,
    log,
    judge: (job, signal) => judgeQueuedExchange(index, models, job, signal),
  });
  const sending = new Set<Promise<void>>();

  return {
    capabilities: index.capabilities,
    embedder,
    embedOne: index.embedOne,

    recallForReply: (input) => recallForReply(index, input),

    rememberLater(input) {
      if (!models) throw new Error('Judging an exchange needs the chat models');
      // The judge would keep nothing of it without asking the model: no job, no database round trips.
      if (isNothingToJudge(input.message)) return;
      const sent = judgeQueue
        .send(toJudgeJob(input, embedder))
        .catch((err) => log?.warn({ err }, 'an exchange could not be queued for the memory judge'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },

    remember: async (input) => (await rememberExchange(index, input))[0] ?? null,

    async store(input) {
      const embedding = await index.vectorToKeep(input.content);
      return writeMemory(index, { ...input, chatLogUuid: input.chatLogUuid ?? null, embedding });
    },

    search: (input) => findMemories(index, input),

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
