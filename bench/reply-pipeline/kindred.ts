// bench:reply-pipeline's fake model and Kindred children.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answerCpuQuestions, makePeople, seedMemories } from './child.ts';
import { replyTokens, type TReady, tokenDelayMs, values } from './options.ts';

// ---- child: the fake model ----
export async function runModel() {
  const { startFakeOpenAI } = await import('../../src/test-support/fake-openai-server.ts');
  const fake = await startFakeOpenAI({ tokenDelayMs, replyTokens, logRequests: false, apiKey: 'bench-key' });
  process.send!({ url: fake.url } satisfies TReady);
  process.on('disconnect', () => process.exit(0));
}

// ---- child: Kindred, as `npm start` runs it (logging at info, to a file descriptor like production) ----
export async function runKindred() {
  const { serve } = await import('@hono/node-server');
  const { createApp } = await import('../../src/server/app.ts');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedDatabase } = await import('../../src/server/db/seed/seed.ts');
  const { createLogger } = await import('../../src/server/lib/logger.ts');
  const { createEmbedder } = await import('../../src/server/memory/embedder.ts');
  const { createMemoryService } = await import('../../src/server/services/memories/memory-service.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-pipeline-'));
  const { benchServerEnv } = await import('../support/server-env.ts');
  const config = loadConfig({
    ...benchServerEnv({ dataDir, modelUrl: values['model-url']! }),
    // Free people, so the daily reservation is on the path; a day's allowance that the rounds fit in.
    FREE_DAILY_MESSAGES: '1000',
    // REMOTE_MODEL_CONCURRENCY as shipped: unset, the limit learnt from the provider (which has room here).
    ...(values.embeddings === 'remote' && {
      EMBEDDINGS_URL: values['model-url']!,
      EMBEDDINGS_MODEL: 'fake-embed',
      EMBEDDINGS_API_KEY: 'bench-key',
    }),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  const people = await makePeople(database.db);
  // Logs go to standard output, which the load generator points at /dev/null: their cost is counted.
  const logger = createLogger('info');
  const embedder = createEmbedder(config);
  const { modelSetFromConfig } = await import('../../src/server/ai/model-set.ts');
  const models = modelSetFromConfig(config);
  const memory = createMemoryService({ database, embedder, log: logger, models });
  if (values.memory !== 'off' && Number(values.memories) > 0) await seedMemories(memory, people);
  // Whether free replies ever waited at the remote gate (they should not: the fake provider has room).
  let mostFreeWaiting = 0;
  setInterval(() => {
    mostFreeWaiting = Math.max(mostFreeWaiting, models.gates.remote.stats().waitingFree);
  }, 25).unref();
  const app = createApp({ config, database, logger, memory, models });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send!({ url: `http://127.0.0.1:${info.port}`, people } satisfies TReady);
  });
  answerCpuQuestions('kindred', values.profile, {
    settle: () => memory.idle(),
    encoderMicros: async () => (values.memory === 'off' ? 0 : ((await embedder.usage?.())?.cpuMicros ?? 0)),
    gate: () => ({ remoteLimit: models.limits.remote.current(), mostFreeWaiting }),
  });
  process.on('disconnect', () => {
    server.close();
    void memory
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
