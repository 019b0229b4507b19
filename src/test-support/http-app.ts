import { serve } from '@hono/node-server';
import type { TAppDeps } from '../server/app.ts';
import type { TConfig } from '../server/config.ts';
import type { TDatabase } from '../server/db/client.ts';
import { freePort } from './local-server.ts';
import { buildApp } from './test-app.ts';
import { openTestDatabase } from './test-db.ts';

export type THttpApp = { baseUrl: string; database: TDatabase; config: TConfig; close(): Promise<void> };

export async function startHttpApp(
  env: Record<string, string> = {},
  extra: Partial<Omit<TAppDeps, 'config' | 'database' | 'logger'>> & { database?: TDatabase } = {},
): Promise<THttpApp> {
  const database = extra.database ?? (await openTestDatabase());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { app, config, memory } = buildApp(database, baseUrl, env, extra);
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
