import { describe, expect, it } from 'vitest';
import type { TReplyResponse } from '../../shared/chat.ts';
import type { TMemory } from '../../shared/memories.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { insertFact, updateFact } from '../db/queries/memory-facts.ts';

const SERAPHINE = 1;
const t = setUpReplyTestApp();
const other = setUpPerson(t);

/** A fact kept of the person's message in a real chat, then moved to another day (one history entry). */
async function factFromChat(user: TTestUser) {
  const res = await call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, userInput: 'My interview at the bakery is on Friday' },
  });
  expect(res.status).toBe(200);
  const { hist } = (await res.json()) as TReplyResponse;
  const owner = { userId: user.id, characterId: SERAPHINE };
  const words = {
    reply: 'Good luck!',
    chatLogUuid: hist,
    sourcePosition: 0,
    embedding: null,
    embeddingModel: null,
  };
  const kept = await insertFact(t.database.db, {
    ...owner,
    ...words,
    characterName: 'Seraphine Vale',
    content: 'My interview at the bakery is on Friday',
    fact: 'Ada has a job interview at the bakery on Friday 27 November 2026',
    kind: 'event',
    happensOn: '2026-11-27',
    importance: 1,
  });
  await updateFact(t.database.db, {
    ...owner,
    ...words,
    id: kept.id,
    content: 'It moved to Monday',
    fact: 'Ada has a job interview at the bakery on Monday 30 November 2026',
    kind: 'event',
    happensOn: '2026-11-30',
    importance: 1,
  });
  return { id: kept.id, chatUuid: hist };
}

describe('facts over HTTP', () => {
  it('the drawer, search and highlights carry the fact, its kind, day, source and history', async () => {
    const ada = await createSignedInUser(t.database, { name: 'Ada' });
    const { id, chatUuid } = await factFromChat(ada);
    const res = await call(t, 'GET', `/api/memories/getmemories?userId=${ada.id}&characterId=${SERAPHINE}`, {
      user: ada,
    });
    const list = (await res.json()) as TMemory[];
    const expected = {
      id,
      content: 'It moved to Monday',
      reply: 'Good luck!',
      fact: 'Ada has a job interview at the bakery on Monday 30 November 2026',
      kind: 'event',
      happensOn: '2026-11-30',
      source: { chatUuid, position: 0 },
      history: [
        {
          fact: 'Ada has a job interview at the bakery on Friday 27 November 2026',
          kind: 'event',
          happensOn: '2026-11-27',
          source: { chatUuid, position: 0 },
          since: expect.any(String),
          replacedAt: expect.any(String),
        },
      ],
    };
    expect(list).toEqual([expect.objectContaining(expected)]);
    const found = await call(t, 'POST', '/assistant-memories-search', {
      user: ada,
      json: { characterId: SERAPHINE, query: 'job interview Monday' },
    });
    expect(await found.json()).toEqual([expect.objectContaining(expected)]);
    const last3 = await call(t, 'GET', `/api/memories/last3?userId=${ada.id}`, { user: ada });
    expect(await last3.json()).toEqual([expect.objectContaining(expected)]);
  });

  it("another person's facts and their history are invisible to every call", async () => {
    const ada = await createSignedInUser(t.database, { name: 'Ada' });
    await factFromChat(ada);
    const forbidden = await call(
      t,
      'GET',
      `/api/memories/getmemories?userId=${ada.id}&characterId=${SERAPHINE}`,
      {
        user: other,
      },
    );
    expect(forbidden.status).toBe(403);
    const search = await call(t, 'POST', '/assistant-memories-search', {
      user: other,
      json: { characterId: null, query: 'job interview bakery Monday Friday' },
    });
    expect(await search.json()).toEqual([]);
    const exported = await call(t, 'GET', '/api/account/export', { user: other });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(await exported.json())).not.toContain('bakery');
  });

  it("'Download my data' carries the facts with their sources and history", async () => {
    const ada = await createSignedInUser(t.database, { name: 'Ada' });
    const { id, chatUuid } = await factFromChat(ada);
    const res = await call(t, 'GET', '/api/account/export', { user: ada });
    const { parts } = (await res.json()) as { parts: Record<string, Record<string, unknown>[]> };
    expect(parts.memories).toEqual([
      expect.objectContaining({
        id,
        fact: expect.stringContaining('Monday'),
        chatLogUuid: chatUuid,
        sourcePosition: 0,
      }),
    ]);
    expect(parts.memoryFactHistory).toEqual([
      expect.objectContaining({
        memoryId: id,
        fact: expect.stringContaining('Friday'),
        sourceChatUuid: chatUuid,
      }),
    ]);
  });
});
