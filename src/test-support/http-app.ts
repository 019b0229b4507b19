// The real app on a real port (the bundled provider needs a socket), on a test database.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { modelSetFromConfig } from '../server/ai/model-set.ts';
import { createApp, type TAppDeps } from '../server/app.ts';
import { loadConfig, type TConfig } from '../server/config.ts';
import type { TDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/lib/logger.ts';
import { createEmbedder } from '../server/memory/embedder.ts';
import { createMemoryService } from '../server/services/memories/memory-service.ts';
import { LIFTED_LIMITS } from './test-app.ts';
import { openTestDatabase } from './test-db.ts';

export type THttpApp = { baseUrl: string; database: TDatabase; config: TConfig; close(): Promise<void> };

export async function freePort(): Promise<number> {
  const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => probe.once('listening', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  return port;
}

export async function startHttpApp(
  env: Record<string, string> = {},
  extra: Partial<Omit<TAppDeps, 'config' | 'database' | 'logger'>> & { database?: TDatabase } = {},
): Promise<THttpApp> {
  const database = extra.database ?? (await openTestDatabase());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-http-')),
    PUBLIC_URL: baseUrl,
    AUTH_SECRET: 'http-test-secret-http-test-secret-000000',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...LIFTED_LIMITS,
    ...env,
  });
  const logger = createLogger('silent');
  // The app's memory is made here so closing stops its judge queue before the database.
  const models = extra.models ?? modelSetFromConfig(config);
  const memory =
    extra.memory ?? createMemoryService({ database, embedder: createEmbedder(config), log: logger, models });
  const app = createApp({ config, database, logger, ...extra, models, memory });
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  return {
    baseUrl,
    database,
    config,
    close: async () => {
      await new Promise((r) => server.close(r));
      await memory.stop();
      if (!extra.database) await database.close();
    },
  };
}
