// Group chats through their calls: start, read and members, and every unhappy path: signed out, another
// person's group or character, malformed bodies, over the limits. Who answers and the characters' turns:
// group-turns.db.test.ts.
import { describe, expect, it } from 'vitest';
import type { TChatLog, TChatLogSummary, TRecentChat, TReplyResponse } from '../../shared/chat.ts';
import type { TGroupChat } from '../../shared/groups.ts';
import { JUNIPER, LUCA, ROOK, SERAPHINE, setUpGroupTest } from '../../test-support/group-calls.ts';
import { call } from '../../test-support/test-app.ts';

const { t, me, other, made, startGroup, write } = setUpGroupTest();

describe('starting and reading a group chat', () => {
  it('starts with 2 to 8 characters (built-in or their own) and reads back its members in order', async () => {
    const group = await startGroup([ROOK, SERAPHINE, made.myCharacter]);
    expect(group.characterId).toBe(ROOK);
    expect(group.replyOrder).toBe('natural');
    expect(group.members.map((m) => m.characterId)).toEqual([ROOK, SERAPHINE, made.myCharacter]);
    expect(group.members[0]).toMatchObject({ name: 'Rook', talkativeness: 50, isMuted: false });
    const read = await call(t, 'GET', `/api/groups/${group.uuid}`, { user: me });
    expect(await read.json()).toEqual(group);
    // It opens like any chat log, marked as a group.
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log).toMatchObject({ characterId: ROOK, isGroup: true, conversation: [] });
  });

  it('refuses the signed out, malformed bodies, and characters the person may not use', async () => {
    const body = { characterIds: [ROOK, SERAPHINE] };
    expect((await call(t, 'POST', '/api/groups', { json: body })).status).toBe(401);
    for (const bad of [
      { characterIds: [ROOK] },
      { characterIds: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { characterIds: [ROOK, ROOK] },
      { characterIds: [ROOK, 'x'] },
      { characterIds: [ROOK, SERAPHINE], replyOrder: 'loudest' },
      '{not json',
    ]) {
      expect((await call(t, 'POST', '/api/groups', { user: me, json: bad })).status).toBe(400);
    }
    const foreign = await call(t, 'POST', '/api/groups', {
      user: me,
      json: { characterIds: [ROOK, made.othersCharacter] },
    });
    expect(foreign.status).toBe(404);
    expect(
      (await call(t, 'POST', '/api/groups', { user: me, json: { characterIds: [ROOK, 99999] } })).status,
    ).toBe(404);
  });

  it("another person's group is 404 on every call; a one-character chat is no group", async () => {
    const group = await startGroup([ROOK, SERAPHINE]);
    const u = group.uuid;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/groups/${u}`],
      ['PATCH', `/api/groups/${u}`, { replyOrder: 'list' }],
      ['POST', `/api/groups/${u}/members`, { characterId: JUNIPER }],
      ['PATCH', `/api/groups/${u}/members/${ROOK}`, { isMuted: true }],
      ['DELETE', `/api/groups/${u}/members/${ROOK}`],
      ['POST', `/api/groups/${u}/messages`, { userInput: 'hi' }],
      ['POST', `/api/groups/${u}/turn`, { characterId: ROOK }],
    ];
    for (const [method, url, json] of calls) {
      const res = await call(t, method, url, { user: other, json });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((await call(t, method, url, { json })).status, `${method} ${url} signed out`).toBe(401);
    }
    expect((await call(t, 'GET', '/api/groups/not-a-uuid', { user: me })).status).toBe(400);
    // Nothing changed.
    const read = (await (await call(t, 'GET', `/api/groups/${u}`, { user: me })).json()) as TGroupChat;
    expect(read.members.map((m) => [m.characterId, m.isMuted])).toEqual([
      [ROOK, false],
      [SERAPHINE, false],
    ]);
  });
});

describe('members', () => {
  it('adds, mutes and removes members within 2 to 8; a one-character chat becomes a group', async () => {
    const group = await startGroup([ROOK, SERAPHINE]);
    const add = (characterId: unknown) =>
      call(t, 'POST', `/api/groups/${group.uuid}/members`, { user: me, json: { characterId } });
    expect((await add(JUNIPER)).status).toBe(201);
    expect((await add(JUNIPER)).status).toBe(409);
    expect((await add(made.othersCharacter)).status).toBe(404);
    expect((await add('seven')).status).toBe(400);
    for (const id of [2, 4, 6, 7, 8]) expect((await add(id)).status).toBe(201);
    const full = await add(9);
    expect(full.status).toBe(409);
    expect(((await full.json()) as { message: string }).message).toContain('at most 8');

    const mute = await call(t, 'PATCH', `/api/groups/${group.uuid}/members/${ROOK}`, {
      user: me,
      json: { isMuted: true, talkativeness: 80 },
    });
    expect(await mute.json()).toMatchObject({
      members: expect.arrayContaining([
        expect.objectContaining({ characterId: ROOK, isMuted: true, talkativeness: 80 }),
      ]),
    });
    for (const bad of [{ talkativeness: 101 }, { talkativeness: -1 }, {}, { isMuted: 'yes' }, { other: 1 }]) {
      const res = await call(t, 'PATCH', `/api/groups/${group.uuid}/members/${ROOK}`, {
        user: me,
        json: bad,
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call(t, 'PATCH', `/api/groups/${group.uuid}/members/99`, { user: me, json: { isMuted: true } }))
        .status,
    ).toBe(404);

    const small = await startGroup([ROOK, SERAPHINE]);
    const removed = await call(t, 'DELETE', `/api/groups/${small.uuid}/members/${ROOK}`, { user: me });
    expect(removed.status).toBe(409);
    const three = await startGroup([ROOK, SERAPHINE, JUNIPER]);
    const gone = (await (
      await call(t, 'DELETE', `/api/groups/${three.uuid}/members/${ROOK}`, { user: me })
    ).json()) as TGroupChat;
    expect(gone.members.map((m) => m.characterId)).toEqual([SERAPHINE, JUNIPER]);
    // The group now opens at its new first member.
    expect(gone.characterId).toBe(SERAPHINE);

    // 'Add character' in a one-character chat: it becomes a group with both, its messages kept.
    const single = await call(t, 'POST', '/assistant-reply-openai', {
      user: me,
      json: { userId: me.id, characterId: LUCA, userInput: 'Ciao Luca', memoryEnabled: false },
    });
    const { hist } = (await single.json()) as TReplyResponse;
    const joined = (await (
      await call(t, 'POST', `/api/groups/${hist}/members`, { user: me, json: { characterId: ROOK } })
    ).json()) as TGroupChat;
    expect(joined.members.map((m) => m.characterId)).toEqual([LUCA, ROOK]);
    const log = (await (await call(t, 'GET', `/api/chatlogs/${hist}`, { user: me })).json()) as TChatLog;
    expect(log.isGroup).toBe(true);
    expect(log.conversation.map((m) => m.content)).toContain('Ciao Luca');
  });

  it('History and the recent chats show a group with its members', async () => {
    const group = await startGroup([JUNIPER, ROOK]);
    await write(group.uuid, 'Hello both');
    const history = (await (
      await call(t, 'GET', `/api/chatlogs/filtered?userId=${me.id}&characterId=${JUNIPER}`, { user: me })
    ).json()) as TChatLogSummary[];
    const listed = history.find((h) => h.uuid === group.uuid);
    expect(listed?.members?.map((m) => m.name)).toEqual(['Juniper Hale', 'Rook']);
    expect(history.filter((h) => h.uuid !== group.uuid).every((h) => h.members === undefined)).toBe(true);
    const recent = (await (
      await call(t, 'GET', '/api/chatlogs/recent', { user: me })
    ).json()) as TRecentChat[];
    expect(recent.find((r) => r.uuid === group.uuid)?.members?.map((m) => m.characterId)).toEqual([
      JUNIPER,
      ROOK,
    ]);
  });

  it('the reply order can be changed only to one of the four', async () => {
    const group = await startGroup([ROOK, SERAPHINE]);
    const patch = (json: unknown) => call(t, 'PATCH', `/api/groups/${group.uuid}`, { user: me, json });
    expect(((await (await patch({ replyOrder: 'manual' })).json()) as TGroupChat).replyOrder).toBe('manual');
    expect((await patch({ replyOrder: 'random' })).status).toBe(400);
  });
});
