// Memory search latency with 10,000 memories for one person and 200,000 in the table (embedded PGlite, or a
// PostgreSQL given by --database-url, where a scratch database is made and dropped), and the time the judge
// and the embedding add after a reply.
// Run: npm run bench:memory [-- --total 200000 --mine 10000 --queries 60 --exchanges 40 --database-url postgres://…]
import { randomBytes } from 'node:crypto';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { modelSetFromConfig } from '../src/server/ai/model-set.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, rowsOf, type TDatabase, wrapPglite, wrapPostgres } from '../src/server/db/client.ts';
import { BM25_SETTINGS, HUBNESS } from '../src/server/db/queries/memory-search.ts';
import { vacuumMemoryTables } from '../src/server/db/queries/vacuum.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { toVectorLiteral } from '../src/server/memory/embedder.ts';
import { detectSearchCapabilities } from '../src/server/memory/search-capabilities.ts';
import { createSignsCache } from '../src/server/memory/signs-cache.ts';
import { createUseLiteEmbedder } from '../src/server/memory/use-lite-embedder.ts';
import { createMemoryService } from '../src/server/services/memories/memory-service.ts';
import { startFakeOpenAI } from '../src/test-support/fake-openai-server.ts';
import { MEMORY_QUESTION_PAIRS } from '../src/test-support/memory-quality-set.ts';

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
const OTHERS = 190;
const SERAPHINE = 1;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

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

  // People: one with `mine` memories, the rest share what is left.
  await db.execute(sql`insert into users (email, username, name)
    select 'bench' || i || '@example.com', 'bench' || i, 'Bench ' || i from generate_series(0, ${OTHERS}::int) i`);
  const [me] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where username = 'bench0'`));
  const myId = Number(me?.id);

  // 1,000 random unit vectors, reused: search ranks one person's rows exactly, so values only need to differ.
  if (hasVector)
    await db.execute(sql`create table bench_vectors as
      select i, (select array_agg(random() - 0.5) from generate_series(1, 512) where i >= 0)::vector(512) as e
      from generate_series(0, 999) i`);
  const words = [
    'interview',
    'garden',
    'sister',
    'marathon',
    'guitar',
    'holiday',
    'exam',
    'puppy',
    'kitchen',
    'novel',
    'wedding',
    'hospital',
    'promotion',
    'concert',
    'bakery',
    'football',
    'painting',
    'lisbon',
    'vegan',
    'tennis',
  ];
  const wordArray = sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  const insertRange = async (userFor: ReturnType<typeof sql>, from: number, to: number) => {
    await db.execute(sql`insert into memories (user_id, character_id, content, reply, character_name, importance,
        ${hasVector ? sql`embedding, embedding_model,` : sql``} created_at)
      select ${userFor}, ${SERAPHINE},
        format('I told you about my %s and the %s on day %s', (${wordArray})[1 + g.i % 20], (${wordArray})[1 + (g.i / 20) % 20], g.i),
        'I will remember that.', 'Seraphine Vale', (g.i % 5) / 4.0,
        ${hasVector ? sql`(select e from bench_vectors v where v.i = g.i % 1000), 'use-lite-512',` : sql``}
        now() - make_interval(mins => g.i)
      from generate_series(${from}::int, ${to - 1}::int) g(i)`);
  };
  // The triggers that keep BM25's statistics and each memory's hubness (migrations 0023, 0032) are off for the
  // bulk insert: hubness looks for each new row's nearest of the person's others, one row at a time (the
  // embedded database did not finish 200,000 in an hour). What they keep is made after, in bulk.
  // Likewise memories' indexes (but its key) are dropped for it and made again after, as they were.
  const chunk = 10_000;
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select c.relname as name, pg_get_indexdef(c.oid) as definition
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'memories'::regclass and not i.indisprimary`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
  await db.execute(sql`alter table memories disable trigger user`);
  for (let i = 0; i < mine; i += chunk) await insertRange(sql`${myId}`, i, Math.min(mine, i + chunk));
  for (let i = mine; i < total; i += chunk) {
    await insertRange(
      sql`(select id from users where username = 'bench' || (1 + g.i % ${OTHERS}))`,
      i,
      Math.min(total, i + chunk),
    );
  }
  await db.execute(sql`alter table memories enable trigger user`);
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  const inserted = performance.now();
  // BM25: the insert trigger's own function, over the rows in chunks.
  const [range] = rowsOf<{ lo: number; hi: number }>(
    await db.execute(sql`select min(id)::int as lo, max(id)::int as hi from memories`),
  );
  for (let lo = Number(range?.lo); lo <= Number(range?.hi); lo += 2 * chunk) {
    await db.execute(sql`select memory_terms_add(array(select id from memories
      where id between ${lo}::int and ${lo + 2 * chunk - 1}::int))`);
  }
  if (hasVector) {
    // Hubness: every bench vector is one of 1,000, so a memory whose vector the person holds 6 times or more
    // has 5 exact copies among their others: the trigger would keep similarities {1,1,1,1,1} and hubness 1
    // (copies are 0 apart by signs, so always among its 400 candidates). Any other memory gets the
    // trigger's own function. Copies are counted by their signs, which tell the 1,000 vectors apart (checked).
    const [distinct] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(distinct binary_quantize(e)::bit(512))::int as n from bench_vectors`),
    );
    if (distinct?.n !== 1000)
      throw new Error(`bench vectors share their signs: ${distinct?.n} of 1000 differ`);
    await db.execute(sql`create temporary table bench_copies as
      select m.id, count(*) over (partition by m.user_id, m.embedding_bits) as copies from memories m`);
    await db.execute(sql`insert into memory_hubness (memory_id, sims, hub)
      select id, '{1,1,1,1,1}', 1 from bench_copies where copies >= 6`);
    await db.execute(sql`select memory_hubness_refresh(array(select id from bench_copies where copies < 6))`);
    await db.execute(sql`drop table bench_copies`);
  }
  // What autovacuum does after a bulk insert, and the maintenance job where none runs (the embedded database).
  await db.execute(sql`analyze`);
  await vacuumMemoryTables(db, { all: true });
  console.log(
    `  bulk insert ${((inserted - started) / 1000).toFixed(0)} s, BM25 terms and hubness ${((performance.now() - inserted) / 1000).toFixed(0)} s`,
  );
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
  // Where the time goes: each arm of the hybrid search on its own (server-side execution time).
  const [probe] = await embedder.embed([questions[0] ?? '']);
  const literal = toVectorLiteral(probe ?? []);
  const text = questions[0] ?? '';
  const arms: Record<string, ReturnType<typeof sql>> = {
    BM25: sql`select * from memory_bm25_arm(${myId}::integer, ${SERAPHINE}::integer, ${text}::text,
      ${BM25_SETTINGS.k1}::float8, ${BM25_SETTINGS.b}::float8, ${BM25_SETTINGS.depth}::integer)`,
    'trigram (short searches only)': sql`select m.id from memories m where m.user_id = ${myId} and m.character_id = ${SERAPHINE} and ${'dog birthday'} <% m.content
      order by word_similarity(${'dog birthday'}, m.content) desc limit 50`,
  };
  if (hasVector) {
    // The vector arm as search runs it: the candidates picked from the server's copy of the person's signs
    // (migration 0040; the copy's look-up and scan in the server are not in this time), and the database's own
    // scan of the signs (when the copy is not current).
    const picked = await createSignsCache(db).candidates(myId, SERAPHINE, literal);
    arms['vector, candidates from the copy'] =
      sql`select * from memory_vector_arm(${myId}::integer, ${SERAPHINE}::integer,
      ${literal}::text, ${HUBNESS}::float8, ${`{${picked.ids.join(',')}}`}::integer[], ${picked.version}::bigint)`;
    arms['vector, the database scans'] =
      sql`select * from memory_vector_arm(${myId}::integer, ${SERAPHINE}::integer,
      ${literal}::text, ${HUBNESS}::float8, null::integer[], null::bigint)`;
  }
  // Each 5 times, the median (the first runs read pages and plan the function's statements).
  for (const [name, query] of Object.entries(arms)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain analyze ${query}`));
      const line = plan.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
      times.push(Number(line?.match(/[\d.]+/)?.[0]));
    }
    console.log(`  arm ${name}: Execution Time ${pct(times, 50).toFixed(3)} ms (median of 5)`);
  }
  await memory.search({ userId: myId, characterId: SERAPHINE, text: questions[0] ?? 'warm up', limit: 4 });
  const embedMs: number[] = [];
  const searchMs: number[] = [];
  // The process's CPU time (all its threads) during the search: on the embedded database mostly the search's
  // work, which the wall clock shows stretched by whatever else the machine runs. Contention inflates it
  // too (less than the wall clock): say the load average beside both.
  const searchCpuMs: number[] = [];
  // The main thread's garbage collection pauses (start, duration) and each search's span, matched after the
  // loop: how much of a search's time was the collector's.
  const gcPauses: [number, number][] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPauses.push([e.startTime, e.duration]);
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const searchSpans: [number, number][] = [];
  // The main thread's own CPU time: the process's figure above also counts the encoder thread, whose
  // collector runs right after it answers (a full collection every ~2 s of embedding), i.e. during the search.
  const searchMainCpuMs: number[] = [];
  const allCharactersMs: number[] = [];
  const recallMs: number[] = [];
  for (let i = 0; i < queryCount; i++) {
    const q = questions[i % questions.length] ?? '';
    let t = performance.now();
    const [v] = await embedder.embed([q]);
    embedMs.push(performance.now() - t);
    t = performance.now();
    const cpu = process.cpuUsage();
    const mainCpu = process.threadCpuUsage();
    await memory.search({ userId: myId, characterId: SERAPHINE, text: q, limit: 4, embedding: v ?? null });
    searchMs.push(performance.now() - t);
    searchSpans.push([t, performance.now()]);
    const used = process.cpuUsage(cpu);
    const usedMain = process.threadCpuUsage(mainCpu);
    searchMainCpuMs.push((usedMain.user + usedMain.system) / 1000);
    searchCpuMs.push((used.user + used.system) / 1000);
    t = performance.now();
    await memory.search({
      userId: myId,
      characterId: null,
      text: q,
      limit: 20,
      minSimilarity: 0.4,
      embedding: v ?? null,
    });
    allCharactersMs.push(performance.now() - t);
    t = performance.now();
    await memory.recallForReply({
      userId: myId,
      characterId: SERAPHINE,
      message: q,
      recentUserTurns: ['and another thing'],
    });
    recallMs.push(performance.now() - t);
  }
  await new Promise((resolve) => setImmediate(resolve));
  gcObserver.disconnect();
  const searchGcMs = searchSpans.map(([from, to]) =>
    gcPauses.reduce((sum, [start, duration]) => sum + (start >= from && start < to ? duration : 0), 0),
  );
  console.log(`\nsearch, ${mine} memories of one person among ${total} (${queryCount} queries):`);
  console.log(`  embed the query alone         p50 ${ms(pct(embedMs, 50))}  p95 ${ms(pct(embedMs, 95))}`);
  console.log(
    `  search one character          p50 ${ms(pct(searchMs, 50))}  p95 ${ms(pct(searchMs, 95))}  (query embedding excluded)`,
  );
  if (!databaseUrl)
    console.log(
      `  search one character, CPU     p50 ${ms(pct(searchCpuMs, 50))}  p95 ${ms(pct(searchCpuMs, 95))}  (this process's CPU time, all threads)`,
    );
  if (!databaseUrl)
    console.log(
      `  search one character, CPU     p50 ${ms(pct(searchMainCpuMs, 50))}  p95 ${ms(pct(searchMainCpuMs, 95))}  (the main thread's alone)`,
    );
  console.log(
    `  search one character, GC      p50 ${ms(pct(searchGcMs, 50))}  p95 ${ms(pct(searchGcMs, 95))}  max ${ms(Math.max(...searchGcMs))}, in ${searchGcMs.filter((x) => x > 0).length} of ${queryCount} searches (main thread's pauses)`,
  );
  console.log(
    `  search every character        p50 ${ms(pct(allCharactersMs, 50))}  p95 ${ms(pct(allCharactersMs, 95))}  (query embedding excluded)`,
  );
  console.log(
    `  recall before a reply         p50 ${ms(pct(recallMs, 50))}  p95 ${ms(pct(recallMs, 95))}  (pinned + top 4, two embeddings)`,
  );

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
      message: `My neighbour number ${i} just adopted a ${words[i % 20]} loving parrot`,
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
