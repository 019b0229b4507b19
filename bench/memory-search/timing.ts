// bench:memory's timings: each arm of the hybrid search on its own, and the searches as the app runs them.
import { PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../src/server/db/client.ts';
import { BM25_SETTINGS, HUBNESS } from '../../src/server/db/queries/memory-search.ts';
import { toVectorParam, vectorSql } from '../../src/server/db/vector-param.ts';
import type { TEmbedder } from '../../src/server/memory/embedder.ts';
import { createSignsCache } from '../../src/server/memory/signs-cache.ts';
import type { TMemoryService } from '../../src/server/services/memories/memory-service.ts';
import { SERAPHINE } from './fill.ts';

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
export const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Each arm's server-side execution time for the first question, the median of 5. */
export async function timeArms(
  db: TDb,
  {
    embedder,
    myId,
    questions,
    hasVector,
  }: { embedder: TEmbedder; myId: number; questions: string[]; hasVector: boolean },
) {
  // Where the time goes: each arm of the hybrid search on its own (server-side execution time).
  const [probe] = await embedder.embed([questions[0] ?? '']);
  const vector = toVectorParam(probe ?? []);
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
    const picked = await createSignsCache(db).candidates(myId, SERAPHINE, vector);
    arms['vector, candidates from the copy'] =
      sql`select * from memory_vector_arm(${myId}::integer, ${SERAPHINE}::integer,
      ${vectorSql(vector)}, ${HUBNESS}::float8, ${`{${picked.ids.join(',')}}`}::integer[], ${picked.version}::bigint)`;
    arms['vector, the database scans'] =
      sql`select * from memory_vector_arm(${myId}::integer, ${SERAPHINE}::integer,
      ${vectorSql(vector)}, ${HUBNESS}::float8, null::integer[], null::bigint)`;
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
}

/** `queryCount` searches of one character, of every character, and recalls before a reply; prints them. */
export async function timeSearches(
  memory: TMemoryService,
  o: {
    embedder: TEmbedder;
    myId: number;
    questions: string[];
    queryCount: number;
    mine: number;
    total: number;
    databaseUrl: string | undefined;
  },
) {
  const { embedder, myId, questions, queryCount, mine, total, databaseUrl } = o;
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
}
