// bench:memory's table: one person's memories among many people's, inserted in bulk, with what the
// insert triggers keep (BM25's statistics, each memory's hubness) made after, in bulk.
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../src/server/db/client.ts';
import { vacuumMemoryTables } from '../../src/server/db/queries/vacuum.ts';

export const OTHERS = 190;
export const SERAPHINE = 1;

/** The words the memories' contents are made of. */
export const WORDS = [
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

/**
 * `mine` memories for one person and `total` in all (the rest shared by OTHERS people), all of Seraphine;
 * says how long it took since `started`. Returns the one person's id.
 */
export async function fillMemories(
  db: TDb,
  { total, mine, hasVector, started }: { total: number; mine: number; hasVector: boolean; started: number },
): Promise<number> {
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
  const wordArray = sql`array[${sql.join(
    WORDS.map((w) => sql`${w}`),
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
  return myId;
}
