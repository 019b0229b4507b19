// What the person says in a group may become a memory of each character who was there: memory on, the
// character not memory-disabled; muted members and memory off keep nothing.
import { describe, expect, it } from 'vitest';
import type { TGroupChat } from '../../shared/groups.ts';
import type { TMemory } from '../../shared/memories.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call } from '../../test-support/test-app.ts';

// Built-in: Seraphine Vale 1, Ganondorf 2 (memory-disabled), Rook 3, Juniper Hale 5.
const [SERAPHINE, GANONDORF, ROOK, JUNIPER] = [1, 2, 3, 5];

const t = setUpReplyTestApp();
const me = setUpPerson(t, { name: 'Ada' });

const memoriesOf = async (characterId: number) =>
  (await (
    await call(t, 'GET', `/api/memories/getmemories?userId=${me.id}&characterId=${characterId}`, { user: me })
  ).json()) as TMemory[];

describe('memories in a group chat', () => {
  it('each member there with memory on may remember; memory-disabled and muted ones do not', async () => {
    const res = await call(t, 'POST', '/api/groups', {
      user: me,
      json: { characterIds: [SERAPHINE, GANONDORF, ROOK, JUNIPER], replyOrder: 'manual' },
    });
    const group = (await res.json()) as TGroupChat;
    await call(t, 'PATCH', `/api/groups/${group.uuid}/members/${JUNIPER}`, {
      user: me,
      json: { isMuted: true },
    });

    const said = 'My sister Margot is getting married in Lisbon next June';
    const sent = await call(t, 'POST', `/api/groups/${group.uuid}/messages`, {
      user: me,
      json: { userInput: said, memoryEnabled: true },
    });
    expect(sent.status).toBe(201);
    await t.memory.idle();
    expect((await memoriesOf(SERAPHINE)).map((m) => m.content)).toEqual([said]);
    expect((await memoriesOf(ROOK)).map((m) => m.content)).toEqual([said]);
    expect(await memoriesOf(GANONDORF)).toEqual([]);
    expect(await memoriesOf(JUNIPER)).toEqual([]);

    // Memory off: nobody keeps it.
    await call(t, 'POST', `/api/groups/${group.uuid}/messages`, {
      user: me,
      json: { userInput: 'My new flat in Porto has a blue door and a lemon tree', memoryEnabled: false },
    });
    await t.memory.idle();
    expect(await memoriesOf(SERAPHINE)).toHaveLength(1);
    expect(await memoriesOf(ROOK)).toHaveLength(1);
  });
});
