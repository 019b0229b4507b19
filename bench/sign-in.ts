// Times the foundation's hot paths over real HTTP on PGlite: a whole sign-in through the bundled provider,
// and a signed-in API call (session lookup included).
// Run: npm run bench:sign-in [-- --sign-ins 30 --calls 2000 --concurrency 20]
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, wrapPglite } from '../src/server/db/pglite.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { cookieHeader, signInThroughProvider } from '../src/test-support/sign-in-flow.ts';

const { values } = parseArgs({
  options: {
    'sign-ins': { type: 'string', default: '30' },
    calls: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '20' },
  },
});

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const report = (label: string, times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${quantile(s, 0.5).toFixed(1)} ms   p99 ${quantile(s, 0.99).toFixed(1)} ms`,
  );
};

async function main() {
  const database = wrapPglite(await openPglite(undefined));
  await database.migrate();
  await seedDatabase(database.db);
  const probe = serve({ fetch: () => new Response(''), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => probe.once('listening', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-')),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    // The bench measures sign-in itself, not the abuse limit.
    SIGN_IN_LIMIT_PER_ADDRESS: '1000000',
  });
  const server = serve({
    fetch: createApp({ config, database, logger: createLogger('silent') }).fetch,
    port,
    hostname: '127.0.0.1',
  });
  await new Promise((r) => server.once('listening', r));

  const signIns: number[] = [];
  let jar = new Map<string, string>();
  for (let i = 0; i < Number(values['sign-ins']); i++) {
    const started = performance.now();
    jar = await signInThroughProvider(baseUrl, { email: `bench${i}@example.com`, name: `Bench ${i}` });
    signIns.push(performance.now() - started);
  }

  const cookie = cookieHeader(jar);
  const email = `bench${Number(values['sign-ins']) - 1}@example.com`;
  const calls: number[] = [];
  let next = 0;
  const total = Number(values.calls);
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: Number(values.concurrency) }, async () => {
      while (next++ < total) {
        const started = performance.now();
        const res = await fetch(`${baseUrl}/api/users/email?email=${email}`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        await res.arrayBuffer();
        calls.push(performance.now() - started);
      }
    }),
  );
  const wall = (performance.now() - wallStart) / 1000;

  console.log(`PGlite, ${os.availableParallelism()} cores`);
  report(`whole sign-in (${signIns.length}, sequential)`, signIns);
  report(`signed-in GET (${calls.length}, ${values.concurrency} at once)`, calls);
  console.log(`signed-in GET throughput            ${(calls.length / wall).toFixed(0)} requests/s`);
  await new Promise((r) => server.close(r));
  await database.close();
}

await main();
