import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TMemory } from '../../shared/memories.ts';
import { setUpMemorySuite } from '../../test-support/memory-calls.ts';
import { expectSignedOutRefused } from '../../test-support/signed-out.ts';
import { call } from '../../test-support/test-app.ts';
import { memories } from '../db/schema.ts';

const SERAPHINE = 1;
const GANONDORF = 2;
const BISCUIT = 'My golden retriever Biscuit turns five next Saturday';

const { t, other, newPerson, say, memoriesOf, handMade: remember } = setUpMemorySuite();

const db = () => t.database.db;

const lastSystemPrompt = () => {
  const chat = t.fake.requests.filter((r) => r.stream);
  return chat.at(-1)?.messages[0]?.content ?? '';
};

describe('remembering and recalling', () => {
  it('a memorable exchange becomes a memory; a trivial one does not, without a model call', async () => {
    const me = await newPerson();
    const judgeCalls = () => t.fake.requests.filter((r) => !r.stream).length;
    const before = judgeCalls();
    const reply = await say(me, BISCUIT);
    // No memories of Seraphine yet: nothing to search, so no vector for the reply (the kept memory gets one).
    expect(reply.embedding).toBeNull();
    expect(judgeCalls()).toBe(before + 1);
    // The judge asked for structured output (json_schema) on the OpenAI-compatible path.
    expect(t.fake.requests.filter((r) => !r.stream).at(-1)?.responseFormat).toBe('json_schema');
    let mine = await memoriesOf(me);
    expect(mine.map((m) => m.content)).toEqual([BISCUIT]);
    expect(mine[0]).toMatchObject({ characterName: 'Seraphine Vale', checked_in: false, pinned: false });
    expect(mine[0]?.reply).not.toBe('');

    for (const trivial of ['ok', 'lol', 'hi', 'thanks', 'what?']) await say(me, trivial);
    expect(judgeCalls()).toBe(before + 1);
    mine = await memoriesOf(me);
    expect(mine).toHaveLength(1);
  });

  it('a later question retrieves the memory into the prompt', async () => {
    const me = await newPerson();
    await say(me, BISCUIT);
    const reply = await say(me, 'Do you remember when Biscuit has his birthday?');
    expect(reply.embedding).toHaveLength(512);
    // The prompt says what the judge kept: the fact, in the third person.
    expect((await memoriesOf(me)).map((m) => m.fact)).toEqual([
      "Ada's golden retriever Biscuit turns five next Saturday",
    ]);
    expect(lastSystemPrompt()).toContain("Ada's golden retriever Biscuit turns five next Saturday");
  });

  it('saying the same again updates the memory instead of adding a near-copy', async () => {
    const me = await newPerson();
    await say(me, BISCUIT);
    await say(me, `${BISCUIT}!`);
    expect(await memoriesOf(me)).toHaveLength(1);
  });

  it('memory off in the request: nothing stored, nothing recalled, no embedding', async () => {
    const me = await newPerson();
    await remember(me, BISCUIT);
    const reply = await say(me, 'I am starting violin lessons with my aunt Clara, and Biscuit', {
      memoryEnabled: false,
    });
    expect(reply.embedding).toBeNull();
    expect(lastSystemPrompt()).not.toContain('Biscuit turns five');
    expect((await memoriesOf(me)).map((m) => m.content)).toEqual([BISCUIT]);
  });

  it('memory-disabled characters store and recall nothing even when the request says memory is on', async () => {
    const me = await newPerson();
    const res = await call(t, 'POST', '/api/memories', {
      user: me,
      json: { characterId: GANONDORF, content: 'I fear the desert wind' },
    });
    expect(res.status).toBe(403);
    const reply = await say(me, 'My golden retriever Biscuit is afraid of thunder storms', {
      characterId: GANONDORF,
    });
    expect(reply.embedding).toBeNull();
    expect(lastSystemPrompt()).not.toContain('Biscuit');
    const rows = await db().select().from(memories).where(eq(memories.characterId, GANONDORF));
    expect(rows).toHaveLength(0);
  });

  it('a hand-made memory is stored, embedded and found by search at once; pinned ones always reach the prompt', async () => {
    const me = await newPerson();
    const res = await call(t, 'POST', '/api/memories', {
      user: me,
      json: { characterId: SERAPHINE, content: 'I am allergic to peanuts', reply: 'Noted, no peanuts ever.' },
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as TMemory;
    expect(made).toMatchObject({ content: 'I am allergic to peanuts', reply: 'Noted, no peanuts ever.' });
    const [row] = await db().select().from(memories).where(eq(memories.id, made.id));
    if ((await t.memory.capabilities()).vector) expect(row?.embeddingModel).toBe('use-lite-512');

    const found = await call(t, 'POST', '/assistant-memories-search', {
      user: me,
      json: { userId: me.id, query: 'peanut allergy' },
    });
    expect(found.status).toBe(200);
    expect(((await found.json()) as TMemory[])[0]?.id).toBe(made.id);

    const pin = await call(t, 'PUT', `/api/memories/${made.id}/pin`, { user: me, json: { pinned: true } });
    expect(pin.status).toBe(200);
    expect(((await pin.json()) as TMemory).pinned).toBe(true);
    await say(me, 'What do the stars look like tonight?');
    expect(lastSystemPrompt()).toContain(
      'always keep these in mind:\n- Ada Lovelace once said: "I am allergic to peanuts"',
    );
  });

  it('last3, total and top topics', async () => {
    const me = await newPerson();
    for (const content of [BISCUIT, 'I am allergic to peanuts', 'Biscuit loves the beach', 'Rain again'])
      await remember(me, content);
    const last3 = await call(t, 'GET', `/api/memories/last3?userId=${me.id}`, { user: me });
    const recent = (await last3.json()) as TMemory[];
    expect(recent.map((m) => m.content).sort()).toEqual(
      ['I am allergic to peanuts', 'Biscuit loves the beach', 'Rain again'].sort(),
    );
    const total = await call(t, 'GET', `/api/memories/total?userId=${me.id}`, { user: me });
    expect(await total.json()).toEqual({ totalMemories: 4 });
    const topics = await call(t, 'GET', `/api/memories/top-topics?userId=${me.id}`, { user: me });
    const { topics: list } = (await topics.json()) as { topics: string[] };
    // Whole words the person used (ts_stat counts stems: 'allergic' is stored as 'allerg').
    expect(list).toContain('allergic');
    expect(list[0]).toBe('biscuit');
    expect(list.length).toBeLessThanOrEqual(5);
  });
});

describe('another person and bad input', () => {
  it('signed out is 401 on every call', async () => {
    await expectSignedOutRefused(
      t,
      [
        ['GET', `/api/memories/getmemories?userId=${other.id}&characterId=1`],
        ['GET', `/api/memories/last3?userId=${other.id}`],
        ['GET', `/api/memories/total?userId=${other.id}`],
        ['GET', `/api/memories/top-topics?userId=${other.id}`],
        ['GET', '/api/memories/check-ins'],
        ['DELETE', '/api/memories/1'],
        ['POST', '/api/memories'],
        ['POST', '/assistant-memories-search'],
      ],
      { characterId: 1, content: 'x', query: 'x' },
    );
  });

  it("another person's memories are invisible to every call and can't be deleted or pinned (404)", async () => {
    const me = await newPerson();
    const { id } = await remember(me, BISCUIT);
    expect(await memoriesOf(other)).toEqual([]);
    const forbidden = await call(t, 'GET', `/api/memories/getmemories?userId=${me.id}&characterId=1`, {
      user: other,
    });
    expect(forbidden.status).toBe(403);
    for (const url of [
      `/api/memories/last3?userId=${me.id}`,
      `/api/memories/total?userId=${me.id}`,
      `/api/memories/top-topics?userId=${me.id}`,
    ]) {
      expect((await call(t, 'GET', url, { user: other })).status).toBe(403);
    }
    expect(
      await (await call(t, 'GET', `/api/memories/total?userId=${other.id}`, { user: other })).json(),
    ).toEqual({
      totalMemories: 0,
    });
    const search = await call(t, 'POST', '/assistant-memories-search', {
      user: other,
      json: { query: 'Biscuit dog peanuts' },
    });
    expect(await search.json()).toEqual([]);
    const searchAsMe = await call(t, 'POST', '/assistant-memories-search', {
      user: other,
      json: { userId: me.id, query: 'Biscuit' },
    });
    expect(searchAsMe.status).toBe(403);
    expect((await call(t, 'DELETE', `/api/memories/${id}`, { user: other })).status).toBe(404);
    expect(
      (await call(t, 'PUT', `/api/memories/${id}/pin`, { user: other, json: { pinned: true } })).status,
    ).toBe(404);
    expect((await memoriesOf(me)).some((m) => m.id === id)).toBe(true);
  });

  it('malformed bodies are 400 {code,message} and store nothing', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/memories', { characterId: SERAPHINE, content: '   ' }],
      ['POST', '/api/memories', { characterId: SERAPHINE, content: 'a\u0000b' }],
      ['POST', '/api/memories', { characterId: SERAPHINE, content: 'x'.repeat(2001) }],
      ['POST', '/api/memories', '{not json'],
      ['POST', '/assistant-memories-search', { query: '' }],
      ['PUT', '/api/memories/time-zone', { timeZone: 'Mars/Olympus' }],
      ['GET', '/api/memories/getmemories?userId=abc&characterId=1', undefined],
      ['DELETE', '/api/memories/abc', undefined],
    ];
    for (const [method, url, json] of cases) {
      const res = await call(t, method, url, { user: other, json });
      expect(res.status, `${method} ${url}`).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('bad_request');
      expect(body.message).toBeTruthy();
    }
    expect(await memoriesOf(other)).toEqual([]);
  });

  it('an unknown character is 404 for a new memory; deleting through the dialog removes it', async () => {
    const res = await call(t, 'POST', '/api/memories', {
      user: other,
      json: { characterId: 999_999, content: 'hello there friend' },
    });
    expect(res.status).toBe(404);
    const made = await call(t, 'POST', '/api/memories', {
      user: other,
      json: { characterId: SERAPHINE, content: 'My exam in organic chemistry is on Monday' },
    });
    const { id } = (await made.json()) as TMemory;
    const del = await call(t, 'DELETE', `/api/memories/${id}`, { user: other });
    expect(del.status).toBe(200);
    expect(await memoriesOf(other)).toEqual([]);
    expect((await call(t, 'DELETE', `/api/memories/${id}`, { user: other })).status).toBe(404);
  });
});
