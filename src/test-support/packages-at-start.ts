// Run in a child process by src/server/packages-at-start.test.ts: builds the app (createApp) as the server
// does for one on PostgreSQL with a remote model and no Stripe, and prints (JSON) the npm packages it loaded.
// Nothing connects: the pool opens its connections on the first query, the model on the first reply.
import { registerHooks } from 'node:module';

const packages = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url)?.[1];
    if (name) packages.add(name);
    return resolved;
  },
});

const { createApp } = await import('../server/app.ts');
const { loadConfig } = await import('../server/config.ts');
const { openDatabase } = await import('../server/db/client.ts');
const { createLogger } = await import('../server/lib/logger.ts');

const config = loadConfig({
  DATABASE_URL: 'postgres://nobody@127.0.0.1:9/kindred',
  PUBLIC_URL: 'https://kindred.example',
  AUTH_SECRET: 'packages-at-start-packages-at-start-0000',
  OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  OPENAI_API_KEY: 'key',
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: '' });
const logger = createLogger('silent');
createApp({ config, database, logger });
process.stdout.write(JSON.stringify([...packages].sort()));
await database.close();
