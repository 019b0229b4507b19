// Fuzzing every route with fast-check: no 5xx ever, and a refused request changes nothing. The list of
// fuzzed routes is checked against the app's own routes, so a new route cannot be left out unnoticed.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../test-support/db-snapshot.ts';
import { startFakeOpenAI, type TFakeOpenAI } from '../test-support/fake-openai-server.ts';
import type { TFuzzRoute } from '../test-support/fuzz/arbitraries.ts';
import { coreRoutes } from '../test-support/fuzz/routes-core.ts';
import { groupRoutes } from '../test-support/fuzz/routes-groups.ts';
import { moreRoutes } from '../test-support/fuzz/routes-more.ts';
import type { TFuzzTargets } from '../test-support/fuzz/targets.ts';
import { call, createSignedInUser, createTestApp, type TTestApp } from '../test-support/test-app.ts';
import { avatarPng } from '../test-support/test-cards.ts';
import { rowsOf } from './db/client.ts';
import { insertCheckoutSession } from './db/queries/billing.ts';
import { memories } from './db/schema.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Routes that take no JSON, query or path input of Kindred's own, and where their tests are instead. */
const NOT_FUZZED: Record<string, string> = {
  'POST /auth/signin/*': "Auth.js's form post (CSRF token and cookie): auth.db.test.ts",
  'GET /idp/interaction/:uid': "the provider's sign-in page for one interaction: passwords.db.test.ts",
  'POST /idp/interaction/:uid/login':
    "the sign-in page's form: passwords.db.test.ts, sign-in-backoff.db.test.ts",
  'GET /idp/interaction/:uid/signup': "the provider's sign-up page: passwords.db.test.ts",
  'POST /idp/interaction/:uid/signup': "the sign-up page's form: passwords.db.test.ts",
  'GET /idp/password/forgot': "the provider's 'Forgot password?' page: recovery.db.test.ts",
  'POST /idp/password/forgot': 'its form: recovery.db.test.ts',
  'GET /idp/password/reset': "the reset link's page: recovery.db.test.ts",
  'POST /idp/password/reset': 'its form: recovery.db.test.ts',
  'GET /idp/verify': 'the sign-up verification link: recovery.db.test.ts',
};

let fake: TFakeOpenAI;
let t: TTestApp;
let targets: TFuzzTargets;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', logRequests: false });
  t = await createTestApp({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'gpt-test',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    // A model download started by the fuzzing owner fails at once instead of reaching the internet.
    MODEL_DOWNLOAD_URL: 'http://127.0.0.1:9/model.gguf',
    EMBEDDING_MODEL_DOWNLOAD_URL: 'http://127.0.0.1:9/embedding.gguf',
  });
  const me = await createSignedInUser(t.database, { isSubscribed: true });
  const other = await createSignedInUser(t.database);
  const post = async (url: string, json: unknown) =>
    (await call(t, 'POST', url, { user: me, json })).json() as Promise<Record<string, unknown>>;
  const chat = await post('/api/chatlogs', {
    userId: me.id,
    characterId: 1,
    conversation: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello, traveller.' },
    ],
  });
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(await avatarPng())], 'a.png', { type: 'image/png' }));
  const upload = await (await call(t, 'POST', '/upload/avatar', { user: me, body: form })).json();
  const character = await post('/api/character-personas', {
    name: 'Nova',
    tagline: 'A star',
    description: 'Kind.',
    avatarUrl: '/cast/avatars/rook.svg',
  });
  const book = await post('/api/lorebooks', { name: 'Atlas' });
  const group = await post('/api/groups', { characterIds: [1, 3] });
  const entry = await post(`/api/lorebooks/${book.id}/entries`, { keys: ['castle'], content: 'It stands.' });
  const [memory] = await t.database.db
    .insert(memories)
    .values({ userId: me.id, characterId: 1, content: 'Ada likes tea', characterName: 'Seraphine' })
    .returning();
  const checkout = await insertCheckoutSession(t.database.db, {
    userId: me.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  targets = {
    me,
    other,
    myChat: String(chat.uuid),
    myGroup: String(group.uuid),
    myUpload: upload.avatarUrl,
    myCharacter: Number(character.id),
    myBook: Number(book.id),
    myEntry: Number(entry.id),
    myMemory: memory!.id,
    myCheckout: checkout.id,
  };
  for (const [name, value] of Object.entries(targets)) expect(value, name).toBeTruthy();
}, 120_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

const groups = (): [string, TFuzzRoute[]][] => [
  ['people, characters, chats, replies and uploads', coreRoutes(targets)],
  [
    'groups, controls, lorebooks, memories, settings, billing, voice, models; deleting last',
    [...groupRoutes(targets), ...moreRoutes(targets)],
  ],
];

describe('the fuzz list', () => {
  it("covers every route of the app (or says where a form route's tests are)", () => {
    const fuzzed = new Set(groups().flatMap(([, routes]) => routes.map((r) => r.name)));
    const appRoutes = new Set(
      t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    );
    const missing = [...appRoutes].filter((r) => !fuzzed.has(r) && !(r in NOT_FUZZED)).sort();
    expect(missing).toEqual([]);
    // And nothing fuzzed or excused that the app does not have (a renamed route).
    expect([...fuzzed, ...Object.keys(NOT_FUZZED)].filter((r) => !appRoutes.has(r))).toEqual([]);
  });
});

describe('fuzzing every route', () => {
  let snapshot: Record<string, string>;
  let mark: string;
  // Hashing every table after each request is most of the fuzzing's time. A request after which no
  // transaction anywhere in the cluster took an id wrote nothing, so its tables need no hashing again.
  const writeMark = async () =>
    String(
      rowsOf<{ x: string }>(
        await t.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`),
      )[0]!.x,
    );
  beforeAll(async () => {
    snapshot = await snapshotDatabase(t.database.db);
    mark = await writeMark();
  });

  for (const [index, title] of ['people, characters, chats, replies and uploads', 'the rest'].entries()) {
    it(`${title}: ${RUNS} requests per route, no 5xx, refused ones leave the database unchanged`, {
      timeout: 1_200_000,
    }, async () => {
      const [, routes] = groups()[index]!;
      const figures: Record<string, number | string>[] = [];
      const failures: string[] = [];
      for (const route of routes) {
        const row = {
          route: route.name,
          requests: 0,
          accepted: 0,
          refused: 0,
          fiveXx: 0,
          changedOnRefusal: 0,
        };
        // Reads get a quarter of the runs: they have less to get wrong, and they are many.
        const runs = Math.min(
          RUNS,
          route.runs ?? (route.name.startsWith('GET ') ? Math.ceil(RUNS / 4) : RUNS),
        );
        for (const req of fc.sample(route.requests, { numRuns: runs, seed: SEED })) {
          const res = await call(t, req.method, req.url, {
            user: targets.me,
            json: req.json,
            body: req.form,
            headers: req.headers,
          });
          await res.arrayBuffer();
          row.requests += 1;
          const nextMark = await writeMark();
          const after = nextMark === mark ? snapshot : await snapshotDatabase(t.database.db);
          mark = nextMark;
          const shown = `${req.method} ${req.url.slice(0, 120)} ${JSON.stringify(req.json ?? (req.form ? '[multipart]' : '')).slice(0, 200)}`;
          if (res.status >= 500) {
            row.fiveXx += 1;
            failures.push(`${route.name} ${res.status}: ${shown}`);
          } else if (res.status >= 400) {
            row.refused += 1;
            if (JSON.stringify(after) !== JSON.stringify(snapshot)) {
              row.changedOnRefusal += 1;
              failures.push(`${route.name} ${res.status} changed the database: ${shown}`);
            }
          } else {
            row.accepted += 1;
          }
          snapshot = after;
        }
        figures.push(row);
      }
      console.log('fuzz figures (seed %d, %s):', SEED, title);
      console.table(figures);
      console.log(`requests fuzzed: ${figures.reduce((n, f) => n + Number(f.requests), 0)}`);
      expect(failures).toEqual([]);
    });
  }

  it('the account survived its own fuzzing', async () => {
    expect((await call(t, 'GET', '/api/account/export', { user: targets.me })).status).toBe(200);
  });
});
