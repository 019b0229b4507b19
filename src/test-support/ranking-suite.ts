// The memory quality suites' frame: a test database with the encoder and memory service, opened before the
// suite and closed after; the suite's own `load` stores its memories and ranks each question three ways.
import { afterAll, beforeAll } from 'vitest';
import type { TDatabase } from '../server/db/client.ts';
import type { TEmbedder } from '../server/memory/embedder.ts';
import { createUseLiteEmbedder } from '../server/memory/use-lite-embedder.ts';
import { createMemoryService } from '../server/services/memories/memory-service.ts';
import type { TQuestion } from './conversation-set/index.ts';
import { emptyResults, rankThreeWays, tablesOf } from './retrieval-eval.ts';
import { openTestDatabase } from './test-db.ts';

const SERAPHINE = 1;

type TSplit = 'dev' | 'test';

export type TRankingLoad = {
  database: TDatabase;
  /** The encoder, or null where the database keeps no vectors (no pgvector). */
  embedder: TEmbedder | null;
  /** Ranks one question about Seraphine three ways into the split's results. */
  rank(
    split: TSplit,
    q: { userId: number; question: TQuestion; evidenceIds: number[]; vector?: number[] },
  ): Promise<void>;
};

export function setUpRankingSuite(load: (set: TRankingLoad) => Promise<void>, timeoutMs: number) {
  const results = emptyResults();
  const suite = {
    results,
    hasVector: false,
    tablesOf: (split: TSplit) => tablesOf(results, split),
  };
  let database: TDatabase | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened;
    const embedder = createUseLiteEmbedder();
    const memory = createMemoryService({ database: opened, embedder });
    suite.hasVector = (await memory.capabilities()).vector;
    await load({
      database: opened,
      embedder: suite.hasVector ? embedder : null,
      rank: (split, q) => rankThreeWays(opened, memory, results[split], { characterId: SERAPHINE, ...q }),
    });
  }, timeoutMs);
  afterAll(async () => {
    await database?.close();
  });
  return suite;
}
