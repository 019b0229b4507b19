// Fuzzing every request schema's route with fast-check: no 5xx ever, and a refused body changes nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../test-support/db-snapshot.ts';
import { startFakeOpenAI, type TFakeOpenAI } from '../test-support/fake-openai-server.ts';
import {
  call,
  createSignedInUser,
  createTestApp,
  type TTestApp,
  type TTestUser,
} from '../test-support/test-app.ts';
import { avatarPng } from '../test-support/test-cards.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const NUL = String.fromCharCode(0);

let fake: TFakeOpenAI;
let t: TTestApp;
let me: TTestUser;
let other: TTestUser;
let myChat: string;
let myUpload: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', logRequests: false });
  t = await createTestApp({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_MODEL: 'gpt-test',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    UPLOAD_LIMIT_PER_PERSON: '100000',
    UPLOAD_LIMIT_PER_ADDRESS: '100000',
    REPLY_LIMIT_PER_PERSON: '100000',
    REPLY_LIMIT_PER_ADDRESS: '100000',
  });
  me = await createSignedInUser(t.database, { isSubscribed: true });
  other = await createSignedInUser(t.database);
  const chat = await call(t, 'POST', '/api/chatlogs', {
    user: me,
    json: { userId: me.id, characterId: 1, conversation: [{ role: 'user', content: 'hi' }] },
  });
  myChat = (await chat.json()).uuid;
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(await avatarPng())], 'a.png', { type: 'image/png' }));
  myUpload = (await (await call(t, 'POST', '/upload/avatar', { user: me, body: form })).json()).avatarUrl;
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Strings an attacker tries: NUL, control and odd Unicode, paths, markup, huge ones. */
const nasty = fc.constantFrom(
  NUL,
  `a${NUL}b`,
  '',
  ' ',
  '\u202e\u200b\ufeff',
  '\ud800',
  '/\\evil.example/x.png',
  '//evil.example/x.png',
  '/media/../auth-secret',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00',
  'x'.repeat(70_000),
  '9'.repeat(40),
  '-1',
  '1e309',
  'NaN',
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), nasty);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }),
);
/** A field: usually a fuzzed value, sometimes a valid one, so bodies get past the first check. */
const field = (...valid: unknown[]) =>
  fc.oneof({ weight: 2, arbitrary: anyValue }, { weight: 3, arbitrary: fc.constantFrom(...valid) });
const shaped = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<unknown>;
/** A JSON body: the schema's shape with fuzzed fields, any JSON at all, or text that is no JSON. */
const body = (shape: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: shape },
    { weight: 2, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fc.string().map((s) => ({ raw: `{${s}` })) },
  );
const query = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(fields, { requiredKeys: [] }).map((q) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return params.toString();
  });
const segment = fc
  .oneof(text, fc.integer().map(String))
  .map((s) => encodeURIComponent(s).slice(0, 200) || '0');

type TRoute = {
  name: string;
  requests: fc.Arbitrary<{ method: string; url: string; json?: unknown; form?: FormData }>;
};

function routes(): TRoute[] {
  const ids = () => [me.id, String(me.id), other.id];
  const message = shaped({
    role: field('user', 'assistant'),
    content: field('hello'),
    audioUrl: field(null),
    internalThoughts: field(null),
  });
  const conversation = fc.oneof(fc.array(message, { maxLength: 4 }), anyValue);
  const json = (method: string, url: string, shape: fc.Arbitrary<unknown>) =>
    body(shape).map((b) => ({
      method,
      url,
      json: b && typeof b === 'object' && 'raw' in b ? (b as { raw: string }).raw : b,
    }));
  const file = (fieldName: string) =>
    fc
      .tuple(
        fc.oneof(
          fc.uint8Array({ maxLength: 3000 }),
          fc
            .uint8Array({ maxLength: 2000 })
            .map((b) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
          text.map((s) => new TextEncoder().encode(s)),
          fc
            .jsonValue()
            .map((v) => new TextEncoder().encode(JSON.stringify({ spec: 'chara_card_v2', data: v }))),
        ),
        fc.oneof(fc.constant(fieldName), fc.string({ maxLength: 10 })),
        fc.oneof(fc.constantFrom('a.png', 'card.json', 'x'), fc.string({ maxLength: 40 })),
      )
      .map(([bytes, name, filename]) => {
        const form = new FormData();
        form.append(name, new File([new Uint8Array(bytes)], filename || 'x'));
        return form;
      });
  return [
    {
      name: 'PUT /api/users/update-name/:userId',
      requests: fc
        .tuple(fc.oneof(fc.constantFrom(...ids().map(String)), segment), body(shaped({ name: field('Ada') })))
        .map(([id, b]) => ({ method: 'PUT', url: `/api/users/update-name/${id}`, json: b })),
    },
    {
      name: 'PUT /api/users/:userId',
      requests: json(
        'PUT',
        `/api/users/${me?.id ?? 0}`,
        shaped({ name: field('Ada'), image: field('', '/logo.svg', 'https://example.com/a.png') }),
      ),
    },
    {
      name: 'GET /api/users/email',
      requests: query({ email: field('x@example.com') }).map((q) => ({
        method: 'GET',
        url: `/api/users/email?${q}`,
      })),
    },
    {
      name: 'POST /api/character-personas',
      requests: json(
        'POST',
        '/api/character-personas',
        shaped({
          name: field('Nova'),
          tagline: field('A star'),
          description: field('Kind.'),
          avatarUrl: field('/cast/avatars/rook.svg', myUpload, '/media/avatars/x.webp'),
          voiceId: field(null, 'en-1'),
          voiceDescription: field(null),
          userId: field(...ids()),
        }),
      ),
    },
    {
      name: 'GET /api/character-personas',
      requests: query({ q: field('ser'), after: field('0', '5'), limit: field('10', '500') }).map((q) => ({
        method: 'GET',
        url: `/api/character-personas?${q}`,
      })),
    },
    {
      name: 'GET /api/character-personas/:characterId',
      requests: segment.map((s) => ({ method: 'GET', url: `/api/character-personas/${s}` })),
    },
    {
      name: 'POST /api/chatlogs',
      requests: json(
        'POST',
        '/api/chatlogs',
        shaped({
          userId: field(...ids()),
          characterId: field(1, 2, 999999),
          conversation,
          source: field('text', 'memory-check-in'),
        }),
      ),
    },
    {
      name: 'PUT /api/chatlogs/:uuid',
      requests: fc
        .tuple(
          fc.oneof(fc.constant('MY_CHAT'), segment),
          body(fc.oneof(shaped({ conversation }), shaped({ read: field(true) }))),
        )
        .map(([id, b]) => ({
          method: 'PUT',
          url: `/api/chatlogs/${id === 'MY_CHAT' ? myChat : id}`,
          json: b,
        })),
    },
    {
      name: 'GET /api/chatlogs/:uuid',
      requests: fc
        .tuple(fc.oneof(fc.constant('MY_CHAT'), segment), query({ limit: field('5'), before: field('1') }))
        .map(([id, q]) => ({ method: 'GET', url: `/api/chatlogs/${id === 'MY_CHAT' ? myChat : id}?${q}` })),
    },
    {
      name: 'GET /api/chatlogs/filtered',
      requests: query({ userId: field(...ids()), characterId: field('1') }).map((q) => ({
        method: 'GET',
        url: `/api/chatlogs/filtered?${q}`,
      })),
    },
    {
      name: 'POST /assistant-reply-openai',
      requests: json(
        'POST',
        '/assistant-reply-openai',
        shaped({
          userId: field(...ids()),
          characterId: field(1, 2, 999999),
          userInput: field('Hello there'),
          hist: field(null, 'MY_CHAT'),
          retry: field(false, true),
          memoryEnabled: field(true),
          chainOfThoughtEnabled: field(false),
          userName: field('Ada'),
          characterName: field('Seraphine'),
          message: field(''),
          systemPrompt: field(''),
          voiceId: field(null),
        }),
      ).map((r) =>
        r.json && typeof r.json === 'object' && (r.json as { hist?: unknown }).hist === 'MY_CHAT'
          ? { ...r, json: { ...(r.json as object), hist: myChat } }
          : r,
      ),
    },
    {
      name: 'POST /upload/avatar',
      requests: file('avatar').map((form) => ({ method: 'POST', url: '/upload/avatar', form })),
    },
    {
      name: 'POST /upload/character-card',
      requests: file('card').map((form) => ({ method: 'POST', url: '/upload/character-card', form })),
    },
    {
      name: 'GET /api/character-cards/:characterId',
      requests: fc
        .tuple(segment, query({ format: field('png', 'json'), version: field('v2', 'v3') }))
        .map(([id, q]) => ({ method: 'GET', url: `/api/character-cards/${id}?${q}` })),
    },
    {
      name: 'DELETE /api/account',
      requests: json(
        'DELETE',
        '/api/account',
        shaped({ confirm: field('not-my-username', `${me?.username ?? ''}${NUL}`) }),
      ),
    },
  ];
}

describe('fuzzing every request schema', () => {
  it(`${RUNS} bodies per route: no 5xx, and refused bodies leave the database unchanged`, {
    timeout: 900_000,
  }, async () => {
    const figures: {
      route: string;
      bodies: number;
      accepted: number;
      refused: number;
      fiveXx: number;
      changedOnRefusal: number;
    }[] = [];
    const failures: string[] = [];
    let snapshot = await snapshotDatabase(t.database.db);
    for (const route of routes()) {
      const row = { route: route.name, bodies: 0, accepted: 0, refused: 0, fiveXx: 0, changedOnRefusal: 0 };
      for (const req of fc.sample(route.requests, { numRuns: RUNS, seed: SEED })) {
        const res = await call(t, req.method, req.url, { user: me, json: req.json, body: req.form });
        await res.arrayBuffer();
        row.bodies += 1;
        const after = await snapshotDatabase(t.database.db);
        if (res.status >= 500) {
          row.fiveXx += 1;
          failures.push(
            `${route.name} ${res.status}: ${JSON.stringify(req.json ?? '[multipart]').slice(0, 200)}`,
          );
        } else if (res.status >= 400) {
          row.refused += 1;
          if (JSON.stringify(after) !== JSON.stringify(snapshot)) {
            row.changedOnRefusal += 1;
            failures.push(
              `${route.name} ${res.status} changed the database: ${JSON.stringify(req.json ?? '[multipart]').slice(0, 200)}`,
            );
          }
        } else {
          row.accepted += 1;
        }
        snapshot = after;
      }
      figures.push(row);
    }
    console.log('fuzz figures (seed %d):', SEED);
    console.table(figures);
    const total = figures.reduce((n, f) => n + f.bodies, 0);
    console.log(`bodies fuzzed: ${total}; 5xx seen: ${figures.reduce((n, f) => n + f.fiveXx, 0)}`);
    expect(failures).toEqual([]);
    // The account survived its own fuzzing.
    expect((await call(t, 'GET', '/api/account/export', { user: me })).status).toBe(200);
  });
});
