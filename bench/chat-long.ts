// Shows a 100,000-message chat opens and sends as fast as a 10-message one (goal: within 1.1×): opening
// reads one page, sending reads the last 30 non-empty messages and appends two rows, all by the
// (chat_log_uuid, position) primary key. PGlite by default; DATABASE_URL for Postgres.
// Run: npm run bench:chat-long [-- --messages 100000 --rounds 100]
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type TDatabase, wrapPostgres } from '../src/server/db/client.ts';
import { openPglite, wrapPglite } from '../src/server/db/pglite.ts';
import { upsertSubscription } from '../src/server/db/queries/billing.ts';
import { chatLogs, chatMessages, sessions, users } from '../src/server/db/schema.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { startFakeOpenAI } from '../src/test-support/fake-openai-server.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    small: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '100' },
  },
});
const longCount = Number(values.messages);
const shortCount = Number(values.small);
const rounds = Number(values.rounds);
const CHARACTER_ID = 1;
const ORIGIN = 'http://localhost:3000';

async function openDb(): Promise<TDatabase> {
  const url = process.env.DATABASE_URL;
  const database = url ? wrapPostgres(url) : wrapPglite(await openPglite(undefined));
  await database.migrate();
  await seedDatabase(database.db);
  return database;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
}

async function main() {
  const database = await openDb();
  const db = database.db;
  const fake = await startFakeOpenAI({ logRequests: false });
  const [person] = await db
    .insert(users)
    .values({
      email: `bench-long-${randomBytes(4).toString('hex')}@example.com`,
      username: `bench_long_${randomBytes(4).toString('hex')}`,
      name: 'Bench Long',
    })
    .returning({ id: users.id });
  // Plus (unlimited): the bench sends more than 20 messages. The plan comes from a stored subscription.
  const paidUntil = new Date(Date.now() + 30 * 24 * 3600_000);
  await upsertSubscription(db, {
    userId: person!.id,
    provider: 'local',
    customerId: `local_cus_${person!.id}`,
    subscriptionId: `local_sub_${person!.id}`,
    status: 'active',
    currentPeriodStart: new Date(),
    currentPeriodEnd: paidUntil,
    cancelAtPeriodEnd: false,
    plusUntil: paidUntil,
  });
  const token = randomBytes(24).toString('hex');
  await db
    .insert(sessions)
    .values({ sessionToken: token, userId: person!.id, expires: new Date(Date.now() + 3.6e6) });
  const cookie = `authjs.session-token=${token}`;

  async function makeChat(count: number): Promise<string> {
    const [log] = await db
      .insert(chatLogs)
      .values({ userId: person!.id, characterId: CHARACTER_ID, messageCount: count })
      .returning({ uuid: chatLogs.uuid });
    const rows = Array.from({ length: count }, (_, position) => ({
      chatLogUuid: log!.uuid,
      position,
      role: position % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `Message ${position}: ${'a fairly ordinary line of chat, '.repeat(4)}`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await db.insert(chatMessages).values(rows.slice(i, i + 1000));
    return log!.uuid;
  }
  const started = performance.now();
  const longChat = await makeChat(longCount);
  const shortChat = await makeChat(shortCount);
  console.log(
    `${database.kind}: seeded chats of ${longCount} and ${shortCount} messages in ${Math.round(performance.now() - started)} ms`,
  );
  await db.execute('analyze chat_messages');

  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-')),
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    LOG_LEVEL: 'silent',
    OPENAI_BASE_URL: fake.url,
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    REPLY_LIMIT_PER_PERSON: '1000000',
    REPLY_LIMIT_PER_ADDRESS: '1000000',
  });
  const app = createApp({ config, database, logger: createLogger('silent') });
  const headers = { origin: ORIGIN, cookie, 'content-type': 'application/json' };

  async function timeOpen(uuid: string) {
    const t0 = performance.now();
    const res = await app.request(`/api/chatlogs/${uuid}`, { headers });
    const body = (await res.json()) as { conversation: unknown[] };
    if (res.status !== 200 || body.conversation.length === 0) throw new Error(`open failed: ${res.status}`);
    return performance.now() - t0;
  }
  async function timeSend(uuid: string, i: number) {
    const t0 = performance.now();
    const res = await app.request('/assistant-reply-openai', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        userId: person!.id,
        characterId: CHARACTER_ID,
        hist: uuid,
        userInput: `Turn ${i}`,
      }),
    });
    await res.json();
    if (res.status !== 200) throw new Error(`send failed: ${res.status}`);
    return performance.now() - t0;
  }

  // Warm-up (JIT, the model availability cache, connection pool).
  for (let i = 0; i < 10; i++) {
    await timeOpen(shortChat);
    await timeSend(shortChat, i);
  }
  const results: Record<string, number[]> = {
    [`open ${shortCount}`]: [],
    [`open ${longCount}`]: [],
    [`send ${shortCount}`]: [],
    [`send ${longCount}`]: [],
  };
  // Interleaved so both chats see the same machine load.
  for (let i = 0; i < rounds; i++) {
    results[`open ${shortCount}`]!.push(await timeOpen(shortChat));
    results[`open ${longCount}`]!.push(await timeOpen(longChat));
    results[`send ${shortCount}`]!.push(await timeSend(shortChat, i));
    results[`send ${longCount}`]!.push(await timeSend(longChat, i));
  }
  console.log(`${rounds} rounds each (send includes the fake model's reply, no token delay):`);
  for (const [name, samples] of Object.entries(results))
    console.log(`  ${name.padEnd(14)} ${summary(samples)}`);
  const p50 = (name: string) =>
    percentile(
      [...results[name]!].sort((a, b) => a - b),
      50,
    );
  for (const op of ['open', 'send']) {
    const ratio = p50(`${op} ${longCount}`) / p50(`${op} ${shortCount}`);
    console.log(`  ${op}: ${longCount} messages / ${shortCount} messages at p50 = ${ratio.toFixed(2)}×`);
  }

  await fake.close();
  await database.close();
}

await main();
