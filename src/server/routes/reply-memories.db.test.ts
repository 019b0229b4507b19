// A reply shows which memories it was given: kept on the reply, read back by GET /api/memories/reply.
import { describe, expect, it } from 'vitest';
import type { TChatLog } from '../../shared/chat.ts';
import type { TMemory } from '../../shared/memories.ts';
import { setUpMemorySuite } from '../../test-support/memory-calls.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';

const SERAPHINE = 1;
const { t, other, newPerson, handMade, say } = setUpMemorySuite();

const usedBy = (user: TTestUser | undefined, hist: string, position: number | string) =>
  call(t, 'GET', `/api/memories/reply?hist=${hist}&position=${position}`, { user });

async function replyPosition(user: TTestUser, hist: string): Promise<number> {
  const log = (await (await call(t, 'GET', `/api/chatlogs/${hist}`, { user })).json()) as TChatLog;
  const reply = log.conversation.findLast((m) => m.role === 'assistant');
  return reply?.position ?? -1;
}

describe('the memories a reply was given', () => {
  it('are kept on the reply, shown on the stored message, and read back as they are now', async () => {
    const me = await newPerson();
    const bees = await handMade(me, 'I keep bees on the roof');
    const sister = await handMade(me, 'My sister Jo lives in Leeds');
    // Pinned: always given, with or without vectors (the bees are found by their word).
    const pin = await call(t, 'PUT', `/api/memories/${sister.id}/pin`, { user: me, json: { pinned: true } });
    expect(pin.status).toBe(200);
    const reply = await say(me, 'How are the bees doing, do you think?');
    expect(reply.memoryIds?.toSorted()).toEqual([bees.id, sister.id].toSorted());
    const position = await replyPosition(me, reply.hist);
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${reply.hist}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation.find((m) => m.position === position)?.memoryIds).toEqual(reply.memoryIds);
    expect(log.conversation.find((m) => m.role === 'user')?.memoryIds).toBeUndefined();

    const res = await usedBy(me, reply.hist, position);
    expect(res.status).toBe(200);
    const used = (await res.json()) as TMemory[];
    expect(used.map((m) => m.id)).toEqual(reply.memoryIds);
    expect(used.find((m) => m.id === bees.id)?.content).toBe('I keep bees on the roof');

    // Deleted since: it drops out; the person's own message position has none.
    expect((await call(t, 'DELETE', `/api/memories/${sister.id}`, { user: me })).status).toBe(200);
    expect(((await (await usedBy(me, reply.hist, position)).json()) as TMemory[]).map((m) => m.id)).toEqual([
      bees.id,
    ]);
    expect(await (await usedBy(me, reply.hist, position - 1)).json()).toEqual([]);
  });

  it("a memory kept from a chat names its source: the chat and the person's message's position", async () => {
    const me = await newPerson();
    await say(me, 'Hello there, how is your day going?');
    const reply = await say(me, 'My golden retriever Biscuit turns five next Saturday');
    const url = `/api/memories/getmemories?userId=${me.id}&characterId=${SERAPHINE}`;
    const kept = (await (await call(t, 'GET', url, { user: me })).json()) as TMemory[];
    const position = (await replyPosition(me, reply.hist)) - 1;
    expect(kept.map((m) => [m.content, m.source])).toEqual([
      ['My golden retriever Biscuit turns five next Saturday', { chatUuid: reply.hist, position }],
    ]);
  });

  it('a reply with memory off, or with no memories, was given none', async () => {
    const me = await newPerson();
    const first = await say(me, 'Hello there, how is your day going?');
    expect(first.memoryIds).toBeUndefined();
    await handMade(me, 'I keep bees on the roof');
    const off = await say(me, 'Tell me about the bees', { memoryEnabled: false });
    expect(off.memoryIds).toBeUndefined();
    expect(await (await usedBy(me, off.hist, await replyPosition(me, off.hist))).json()).toEqual([]);
  });
});

describe('the memories a reply was given: another person and bad input', () => {
  it("signed out is 401; another person's chat is 404 and shows none of its memories", async () => {
    const me = await newPerson();
    await handMade(me, 'I keep bees on the roof');
    const reply = await say(me, 'How are the bees doing, do you think?');
    const position = await replyPosition(me, reply.hist);
    expect((await usedBy(undefined, reply.hist, position)).status).toBe(401);
    const res = await usedBy(other, reply.hist, position);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found');
    expect((await usedBy(other, crypto.randomUUID(), 0)).status).toBe(404);
  });

  it('a malformed query is 400', async () => {
    for (const query of [
      'hist=abc&position=1',
      `hist=${crypto.randomUUID()}&position=-1`,
      'position=1',
      'hist=',
    ]) {
      const res = await call(t, 'GET', `/api/memories/reply?${query}`, { user: other });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('bad_request');
    }
    expect((await usedBy(other, crypto.randomUUID(), 'x')).status).toBe(400);
  });
});
