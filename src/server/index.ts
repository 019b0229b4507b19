// Process entry: configuration, database, the app, and a clean shutdown.
import path from 'node:path';
import { serve } from '@hono/node-server';
import { modelSetFromConfig } from './ai/model-set.ts';
import { modelSelectionOptions, selectModels } from './ai/select-models.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { jobDefinitions } from './jobs/index.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createDrain } from './lib/drain.ts';
import { createLogger } from './lib/logger.ts';
import { createEmbedder } from './memory/embedder.ts';
import { logOwnership } from './services/admin/log-ownership.ts';
import { createMemoryService } from './services/memories/memory-service.ts';
import { createVoiceEngine } from './voice/index.ts';

async function main() {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  await seedDatabase(database.db);
  await logOwnership(database.db, config, logger);
  const selection = await selectModels(modelSelectionOptions(config));
  logger.info({ local: selection.local?.id ?? null, remote: selection.remote?.id ?? null }, 'chat models');
  // One plan-aware set for the app and the jobs: check-ins wait in the same queue as everyone's replies.
  const models = modelSetFromConfig(config, selection);
  const embedder = createEmbedder(config, logger);
  // The encoder loads its model on first use (seconds on a busy machine): load it now, so the first reply
  // after a start (its crisis check and recall use the encoder) does not wait for it. A remote one is not called.
  if (!embedder.id.startsWith('openai-compatible:')) {
    // With a downloaded memory model, the crisis detector still uses the shipped encoder: both are loaded.
    void Promise.all([embedder.embed(['warm-up']), embedder.shipped?.embed(['warm-up'])]).catch((err) =>
      logger.warn({ err }, 'encoder warm-up failed'),
    );
  }
  const memory = createMemoryService({ database, embedder, log: logger, models });
  await memory.capabilities();
  // A change of embeddings model re-embeds stored memories in the background (search meanwhile uses the rest).
  void memory.reembedAll().catch((err) => logger.warn({ err }, 're-embedding memories failed'));
  const jobs = createJobRunner({
    database,
    jobs: jobDefinitions(config),
    context: { config, log: logger, models },
    log: logger,
  });
  // Voice: the engine is made here so its worker starts (and compiles flite) before the first reply.
  const voice = (() => {
    try {
      return createVoiceEngine(config);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  })();
  void voice.warm?.().catch((error) => logger.warn({ err: error }, 'voice warm-up failed'));
  const drain = createDrain();
  const app = createApp({
    config,
    database,
    logger,
    models,
    memory,
    voice,
    webDir: path.resolve(config.WEB_DIR),
    jobs,
    drain,
  });
  await jobs.start();
  // Exchanges left waiting for the judge by the last run are judged now.
  await memory.start();

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, database: database.kind }, 'listening');
    console.log(`Kindred is running at ${config.publicUrl}`);
  });

  const shutdown = async (signal: string) => {
    logger.info({ signal, inFlight: drain.inFlight() }, 'shutting down');
    const { cut } = await drain.drain(server, config.SHUTDOWN_GRACE_SECONDS * 1000);
    if (cut > 0) logger.warn({ cut }, 'requests cut at shutdown; their replies were stored as they were');
    await jobs.stop();
    await memory.stop();
    await models.dispose();
    await voice.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
