// Memory search latency with 10,000 memories for one person and 200,000 in the table (embedded PGlite),
// and the time the judge and the embedding add after a reply.
// Run: npm run bench:memory [-- --total 200000 --mine 10000 --queries 60 --exchanges 40]
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { modelSetFromConfig } from '../src/server/ai/model-set.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, rowsOf, wrapPglite } from '../src/server/db/client.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { toVectorLiteral } from '../src/server/memory/embedder.ts';
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
  },
});
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
  const database = wrapPglite(await openPglite(undefined));
  await database.migrate();
  await seedDatabase(database.db);
  const db = database.db;

  // People: one with `mine` memories, the rest share what is left.
  await db.execute(sql`insert into users (email, username, name)
    select 'bench' || i || '@example.com', 'bench' || i, 'Bench ' || i from generate_series(0, ${OTHERS}::int) i`);
  const [me] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where username = 'bench0'`));
  const myId = Number(me?.id);

  // 1,000 random unit vectors, reused: search ranks one person's rows exactly, so values only need to differ.
  await db.execute(sql`create temp table bench_vectors as
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
        embedding, embedding_model, created_at)
      select ${userFor}, ${SERAPHINE},
        format('I told you about my %s and the %s on day %s', (${wordArray})[1 + g.i % 20], (${wordArray})[1 + (g.i / 20) % 20], g.i),
        'I will remember that.', 'Seraphine Vale', (g.i % 5) / 4.0,
        (select e from bench_vectors v where v.i = g.i % 1000), 'use-lite-512', now() - make_interval(mins => g.i)
      from generate_series(${from}::int, ${to - 1}::int) g(i)`);
  };
  const chunk = 10_000;
  for (let i = 0; i < mine; i += chunk) await insertRange(sql`${myId}`, i, Math.min(mine, i + chunk));
  for (let i = mine; i < total; i += chunk) {
    await insertRange(
      sql`(select id from users where username = 'bench' || (1 + g.i % ${OTHERS}))`,
      i,
      Math.min(total, i + chunk),
    );
  }
  await db.execute(sql`analyze memories`);
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
  const arms = {
    'full text': sql`select m.id from memories m, (select nullif(replace(plainto_tsquery('english', ${text})::text, '&', '|'), '')::tsquery as tsq) q
      where m.user_id = ${myId} and m.character_id = ${SERAPHINE} and m.search @@ q.tsq order by ts_rank_cd(m.search, q.tsq) desc limit 50`,
    vector: sql`select m.id from memories m where m.user_id = ${myId} and m.character_id = ${SERAPHINE} and m.embedding is not null
      order by (m.embedding <=> ${literal}::vector) + 0 limit 50`,
    'trigram (short searches only)': sql`select m.id from memories m where m.user_id = ${myId} and m.character_id = ${SERAPHINE} and ${'dog birthday'} <% m.content
      order by word_similarity(${'dog birthday'}, m.content) desc limit 50`,
  };
  for (const [name, query] of Object.entries(arms)) {
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain analyze ${query}`));
    const line = plan.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
    console.log(`  arm ${name}: ${line}`);
  }
  await memory.search({ userId: myId, characterId: SERAPHINE, text: questions[0] ?? 'warm up', limit: 4 });
  const embedMs: number[] = [];
  const searchMs: number[] = [];
  const allCharactersMs: number[] = [];
  const recallMs: number[] = [];
  for (let i = 0; i < queryCount; i++) {
    const q = questions[i % questions.length] ?? '';
    let t = performance.now();
    const [v] = await embedder.embed([q]);
    embedMs.push(performance.now() - t);
    t = performance.now();
    await memory.search({ userId: myId, characterId: SERAPHINE, text: q, limit: 4, ...(v ? {} : {}) });
    searchMs.push(performance.now() - t);
    t = performance.now();
    await memory.search({ userId: myId, characterId: null, text: q, limit: 20, minSimilarity: 0.4 });
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
  console.log(`\nsearch, ${mine} memories of one person among ${total} (${queryCount} queries):`);
  console.log(`  embed the query alone         p50 ${ms(pct(embedMs, 50))}  p95 ${ms(pct(embedMs, 95))}`);
  console.log(
    `  search one character          p50 ${ms(pct(searchMs, 50))}  p95 ${ms(pct(searchMs, 95))}  (embedding included)`,
  );
  console.log(
    `  search every character        p50 ${ms(pct(allCharactersMs, 50))}  p95 ${ms(pct(allCharactersMs, 95))}  (embedding included)`,
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
}

await main();
