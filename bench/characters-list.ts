// Times the character list, search, own-list and read calls with thousands of people's characters (PGlite).
// Run: npm run bench:characters [-- --users 200 --characters 5000 --rounds 200]
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite, wrapPglite } from '../src/server/db/pglite.ts';
import { characters, sessions, users } from '../src/server/db/schema.ts';
import { seedDatabase } from '../src/server/db/seed/seed.ts';
import { createLogger } from '../src/server/lib/logger.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    characters: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '200' },
    heavy: { type: 'string', default: '2000' },
  },
});
const userCount = Number(values.users);
const characterCount = Number(values.characters);
const rounds = Number(values.rounds);
/** Extra characters for one person, to show their list is paged rather than returned whole. */
const heavyCount = Number(values.heavy);

const WORDS = ['Aria', 'Bram', 'Cleo', 'Dax', 'Esme', 'Finn', 'Gale', 'Hugo', 'Iris', 'Juno', 'Kit', 'Lark'];

async function main() {
  const database = wrapPglite(await openPglite(undefined));
  await database.migrate();
  await seedDatabase(database.db);
  const db = database.db;

  const people = await db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, i) => ({
        email: `bench${i}@example.com`,
        username: `bench${i}`,
        name: `Bench ${i}`,
      })),
    )
    .returning({ id: users.id });
  const cookies = new Map<number, string>();
  for (const person of people) {
    const token = randomBytes(24).toString('hex');
    await db
      .insert(sessions)
      .values({ sessionToken: token, userId: person.id, expires: new Date(Date.now() + 3.6e6) });
    cookies.set(person.id, `authjs.session-token=${token}`);
  }
  const rows: (typeof characters.$inferInsert)[] = Array.from({ length: characterCount }, (_, i) => ({
    userId: people[i % people.length]!.id,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`.slice(0, 20),
    tagline: `A made-up character number ${i}`,
    description: `Role-play persona ${i} `.repeat(40),
    avatarUrl: `/media/avatars/${randomBytes(16).toString('hex')}.webp`,
  }));
  rows.push(
    ...Array.from({ length: heavyCount }, (_, i) => ({
      userId: people[0]!.id,
      name: `Heavy ${WORDS[i % WORDS.length]} ${i}`.slice(0, 20),
      tagline: 'One person with very many characters',
      description: 'Persona '.repeat(100),
      avatarUrl: null,
    })),
  );
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 500) await db.insert(characters).values(rows.slice(i, i + 500));
  console.log(
    `seeded ${characterCount} characters for ${userCount} people in ${Math.round(performance.now() - started)} ms`,
  );
  await db.execute('analyze characters');

  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-bench-')),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    LOG_LEVEL: 'silent',
  });
  const app = createApp({ config, database, logger: createLogger('silent') });
  const ownIds = new Map<number, number>();
  for (const r of await db.select({ id: characters.id, userId: characters.userId }).from(characters)) {
    if (r.userId !== null) ownIds.set(r.userId, r.id);
  }

  const firstPage = await app.request(`/api/character-personas/user/${people[0]!.id}`, {
    headers: { cookie: cookies.get(people[0]!.id)! },
  });
  const firstPageEnd = firstPage.headers.get('X-Next-After');
  const plan = await db.execute(
    `explain analyze select id, name from characters where user_id = ${people[1]!.id} and id > 0 order by id limit 101`,
  );
  console.log("\nplan of one page of a person's own characters:");
  for (const line of (plan as unknown as { rows: Record<string, string>[] }).rows)
    console.log(`  ${Object.values(line)[0]}`);

  const calls: [string, (userId: number, i: number) => string][] = [
    ['GET /api/character-personas (all visible)', () => '/api/character-personas'],
    [
      'GET /api/character-personas?q=<text>',
      (_, i) => `/api/character-personas?q=${WORDS[i % WORDS.length]!.toLowerCase()}`,
    ],
    ['GET /api/character-personas/user/:id', (u) => `/api/character-personas/user/${u}`],
    ['GET /api/character-personas/:id (own)', (u) => `/api/character-personas/${ownIds.get(u)}`],
    ['GET /api/character-personas/featured', () => '/api/character-personas/featured'],
    ['heavy person: GET /api/character-personas', () => '/api/character-personas'],
    ['heavy person: GET ...?q=heavy', () => '/api/character-personas?q=heavy'],
    [
      'heavy person: GET /user/:id (2nd page)',
      (u) => `/api/character-personas/user/${u}?after=${firstPageEnd}`,
    ],
  ];
  console.log(`\n${rounds} calls each, sequential, through app.request (includes the session lookup):`);
  for (const [label, url] of calls) {
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < rounds; i++) {
      const person = label.startsWith('heavy') ? people[0]!.id : people[i % people.length]!.id;
      const t0 = performance.now();
      const res = await app.request(url(person, i), { headers: { cookie: cookies.get(person)! } });
      const body = (await res.json()) as unknown[];
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      items += Array.isArray(body) ? body.length : 1;
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
    console.log(
      `${label.padEnd(45)} p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms  max ${times.at(-1)!.toFixed(2)} ms  (avg ${(items / rounds).toFixed(1)} items)`,
    );
  }
  await database.close();
}

await main();
