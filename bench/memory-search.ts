// Memory search latency with 10,000 memories for one person and 200,000 in the table (embedded PGlite, or a
// PostgreSQL given by --database-url, where a scratch database is made and dropped), and the time the judge
// and the embedding add after a reply.
// Run: npm run bench:memory [-- --total 200000 --mine 10000 --queries 60 --exchanges 40 --database-url postgres://…]
// The parts are in bench/memory-search/: fill.ts (the table) and timing.ts (the arms and the searches).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { modelSetFromConfig } from '../src/server/ai/model-set.ts';
import { loadConfig } from '../src/server/config.ts';
import { rowsOf, type TDatabase, wrapPostgres } from '../src/server/db/client.ts';
import { openPglite, wrapPglite } from '../src/server/db/pglite.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { detectSearchCapabilities } from '../src/server/memory/search-capabilities.ts';
import { createUseLiteEmbedder } from '../src/server/memory/use-lite-embedder.ts';
import { createMemoryService } from '../src/server/services/memories/memory-service.ts';
import { startFakeOpenAI } from '../src/test-support/fake-openai-server.ts';
import { MEMORY_QUESTION_PAIRS } from '../src/test-support/memory-quality-set.ts';
import { fillMemories, SERAPHINE, WORDS } from './memory-search/fill.ts';
import { ms, pct, timeArms, timeSearches } from './memory-search/timing.ts';

const { values } = parseArgs({
  options: {
    total: { type: 'string', default: '200000' },
    mine: { type: 'string', default: '10000' },
    queries: { type: 'string', default: '60' },
    exchanges: { type: 'string', default: '40' },
    'database-url': { type: 'string' },
  },
});
const databaseUrl = values['database-url'];
const total = Number(values.total);
const mine = Number(values.mine);
const queryCount = Number(values.queries);
const exchangeCount = Number(values.exchanges);

async function main() {
  const started = performance.now();
  const scratch = `kindred_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  let database: TDatabase;
  if (databaseUrl) {
    await admin(`create database ${scratch}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${scratch}`;
    database = wrapPostgres(u.toString(), 4);
  } else {
    database = wrapPglite(await openPglite(undefined));
  }
  await database.migrate();
  const hasVector = (await detectSearchCapabilities(database.db)).vector;
  console.log(
    `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, pgvector ${hasVector ? 'yes' : 'no'}`,
  );
  await seedDatabase(database.db);
  const db = database.db;
  const myId = await fillMemories(db, { total, mine, hasVector, started });
  // The quality set's memories, embedded for real, so the queries below have true answers among the noise.
  const embedder = createUseLiteEmbedder();
  const memory = createMemoryService({ database, embedder });
  for (const pair of MEMORY_QUESTION_PAIRS) {
    await memory.store({
      userId: myId,
      characterId: SERAPHINE,
      characterName: 'Seraphine Vale',
      content: pair.memory,
      reply: '',
      importance: 0.5,
    });
  }
  const counted = rowsOf<{ n: number; mine: number }>(
    await db.execute(
      sql`select count(*)::int as n, count(*) filter (where user_id = ${myId})::int as mine from memories`,
    ),
  )[0];
  console.log(
    `set-up: ${JSON.stringify(counted)} memories in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const questions = MEMORY_QUESTION_PAIRS.map((p) => p.question);
  await timeArms(db, { embedder, myId, questions, hasVector });
  await timeSearches(memory, { embedder, myId, questions, queryCount, mine, total, databaseUrl });

  // After a reply: the judge (the chat model's JSON answer; here the fake OpenAI-compatible server, so
  // this is the server's own cost, not a model's thinking time) and the embedding, dedupe and insert.
  const fake = await startFakeOpenAI({ logRequests: false });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    OPENAI_BASE_URL: fake.url,
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
  const models = modelSetFromConfig(config);
  const model = await models.forBackground('remote');
  const afterMs: number[] = [];
  for (let i = 0; i < exchangeCount; i++) {
    const t = performance.now();
    await memory.remember({
      userId: myId,
      characterId: SERAPHINE,
      characterName: 'Seraphine Vale',
      chatLogUuid: null,
      message: `My neighbour number ${i} just adopted a ${WORDS[i % 20]} loving parrot`,
      reply: 'How lovely!',
      model,
    });
    afterMs.push(performance.now() - t);
  }
  console.log(
    `\nafter a reply (judge + embedding + dedupe + insert, off the reply's path; ${exchangeCount} exchanges):`,
  );
  console.log(`  p50 ${ms(pct(afterMs, 50))}  p95 ${ms(pct(afterMs, 95))}`);
  await models.dispose();
  await fake.close();
  await database.close();
  if (databaseUrl) await admin(`drop database ${scratch}`);
}

await main();
