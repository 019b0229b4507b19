// Group chats through their calls: start, read, members, who answers, a character's turn (prompt, storing,
// regenerate, the daily limit), and every unhappy path: signed out, another person's group or character,
// malformed bodies, over the limits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TChatLog, TChatLogSummary, TRecentChat, TReplyResponse } from '../../shared/chat.ts';
import type { TGroupChat, TGroupMessageResult } from '../../shared/groups.ts';
import { redoReply } from '../../test-support/message-calls.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';
import { characters } from '../db/schema.ts';

// Built-in cast: Seraphine Vale 1, Rook 3, Juniper Hale 5, Luca Ferrante 6.
const SERAPHINE = 1;
const ROOK = 3;
const JUNIPER = 5;
const LUCA = 6;

const t = setUpReplyTestApp({ FREE_DAILY_MESSAGES: '3' });
const me = setUpPerson(t, { name: 'Ada', isSubscribed: true });
const other = setUpPerson(t, { name: 'Bea' });
let othersCharacter: number;
let myCharacter: number;

beforeAll(async () => {
  const made = await t.database.db
    .insert(characters)
    .values([
      { name: 'Secret Sam', description: 'You are Secret Sam.', userId: other.id },
      {
        name: 'Nova Quill',
        tagline: 'an inventor',
        description: 'You are Nova Quill, an inventor.',
        userId: me.id,
      },
    ])
    .returning({ id: characters.id });
  othersCharacter = made[0]!.id;
  myCharacter = made[1]!.id;
});

const lastPrompt = () => t.fake.requests.filter((r) => r.stream).at(-1)?.messages ?? [];
const promptText = () =>
  lastPrompt()
    .map((m) => `${m.role}: ${m.content}`)
    .join('\n');

async function startGroup(ids: number[], user = me, replyOrder = 'natural'): Promise<TGroupChat> {
  const res = await call(t, 'POST', '/api/groups', { user, json: { characterIds: ids, replyOrder } });
  expect(res.status).toBe(201);
  return (await res.json()) as TGroupChat;
}

async function write(uuid: string, userInput: string, user = me): Promise<TGroupMessageResult> {
  const res = await call(t, 'POST', `/api/groups/${uuid}/messages`, {
    user,
    json: { userInput, memoryEnabled: false },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as TGroupMessageResult;
}

const turn = (uuid: string, characterId?: number, user = me) =>
  call(t, 'POST', `/api/groups/${uuid}/turn`, { user, json: { characterId, memoryEnabled: false } });

const setTalkativeness = (uuid: string, characterId: number, talkativeness: number) =>
  call(t, 'PATCH', `/api/groups/${uuid}/members/${characterId}`, { user: me, json: { talkativeness } });

describe('starting and reading a group chat', () => {
  it('starts with 2 to 8 characters (built-in or their own) and reads back its members in order', async () => {
    const group = await startGroup([ROOK, SERAPHINE, myCharacter]);
    expect(group.characterId).toBe(ROOK);
    expect(group.replyOrder).toBe('natural');
    expect(group.members.map((m) => m.characterId)).toEqual([ROOK, SERAPHINE, myCharacter]);
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
      json: { characterIds: [ROOK, othersCharacter] },
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
    expect((await add(othersCharacter)).status).toBe(404);
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

describe('who answers and their turns', () => {
  it('natural order: the characters named answer; each turn streams the speaker with its own prompt', async () => {
    const group = await startGroup([SERAPHINE, ROOK, JUNIPER]);
    for (const id of [SERAPHINE, ROOK, JUNIPER]) await setTalkativeness(group.uuid, id, 0);
    const planned = await write(group.uuid, 'Rook and Juniper, what do you make of this map?');
    expect(planned.speakers).toEqual([ROOK, JUNIPER]);

    const first = await turn(group.uuid, ROOK);
    expect(first.status).toBe(200);
    const reply = (await first.json()) as TReplyResponse;
    expect(reply.reply).toContain('I hear you');
    // Rook's definition, a line per other member, the person's message attributed by name.
    const system = lastPrompt()[0]?.content ?? '';
    expect(system).toContain('You are Rook, a gentleman thief');
    expect(system).not.toContain('You are Seraphine');
    expect(system).toMatch(/- Seraphine Vale: /);
    expect(system).toMatch(/- Juniper Hale: /);
    expect(promptText()).toContain('user: Ada: Rook and Juniper, what do you make of this map?');

    await (await turn(group.uuid, JUNIPER)).text();
    // Juniper sees Rook's reply as his, by name; her own prompt is hers.
    expect(lastPrompt()[0]?.content).toContain('Juniper');
    expect(promptText()).toContain(`user: Rook: ${reply.reply}`);

    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation.map((m) => [m.role, m.speakerId])).toEqual([
      ['user', undefined],
      ['assistant', ROOK],
      ['assistant', JUNIPER],
    ]);
  });

  it('streams with the speaker in the start event; auto turns pass to someone else', async () => {
    const group = await startGroup([SERAPHINE, ROOK]);
    await write(group.uuid, 'Hello you two');
    const streamed = await call(t, 'POST', `/api/groups/${group.uuid}/turn`, {
      user: me,
      json: { characterId: SERAPHINE, memoryEnabled: false },
      headers: { accept: 'text/event-stream' },
    });
    const text = await streamed.text();
    expect(text).toMatch(/event: start\ndata: .*"speakerId":1/);
    expect(text).toContain('event: done');
    // The next turn in auto-mode goes to Rook (Seraphine spoke last).
    await (await turn(group.uuid)).text();
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation.at(-1)?.speakerId).toBe(ROOK);
  });

  it('list, pooled and manual orders; a turn for a non-member is 404; all muted is 409', async () => {
    const group = await startGroup([SERAPHINE, ROOK, JUNIPER], me, 'list');
    expect((await write(group.uuid, 'Everyone?')).speakers).toEqual([SERAPHINE, ROOK, JUNIPER]);
    await call(t, 'PATCH', `/api/groups/${group.uuid}`, { user: me, json: { replyOrder: 'manual' } });
    expect((await write(group.uuid, 'Rook?')).speakers).toEqual([]);
    await call(t, 'PATCH', `/api/groups/${group.uuid}`, { user: me, json: { replyOrder: 'pooled' } });
    expect((await write(group.uuid, 'Someone?')).speakers).toHaveLength(1);

    expect((await turn(group.uuid, LUCA)).status).toBe(404);
    expect(
      (await call(t, 'POST', `/api/groups/${group.uuid}/turn`, { user: me, json: { characterId: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(t, 'POST', `/api/groups/${group.uuid}/messages`, { user: me, json: { userInput: '  ' } }))
        .status,
    ).toBe(400);
    for (const id of [SERAPHINE, ROOK, JUNIPER]) {
      await call(t, 'PATCH', `/api/groups/${group.uuid}/members/${id}`, {
        user: me,
        json: { isMuted: true },
      });
    }
    expect((await turn(group.uuid)).status).toBe(409);
  });

  it("regenerate and continue on a group reply use its speaker's definition", async () => {
    const group = await startGroup([SERAPHINE, ROOK]);
    await write(group.uuid, 'Rook, a riddle please');
    await (await turn(group.uuid, ROOK)).text();
    await redoReply(t, me, group.uuid, 1, 'regenerate');
    expect(lastPrompt()[0]?.content).toContain('You are Rook');
    expect(lastPrompt()[0]?.content).toMatch(/- Seraphine Vale/);
    await redoReply(t, me, group.uuid, 1, 'continue');
    expect(lastPrompt()[0]?.content).toContain('You are Rook');
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: me })
    ).json()) as TChatLog;
    expect(log.conversation[1]).toMatchObject({ speakerId: ROOK, alternativeCount: 2 });
  });

  it('each character reply counts against the free daily limit: 429 past it, nothing stored', async () => {
    const free = await createSignedInUser(t.database, { name: 'Cy' });
    const group = await startGroup([SERAPHINE, ROOK], free);
    await write(group.uuid, 'Talk to each other', free);
    for (let i = 0; i < 3; i++) expect((await turn(group.uuid, undefined, free)).status).toBe(200);
    const refused = await turn(group.uuid, undefined, free);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    const log = (await (
      await call(t, 'GET', `/api/chatlogs/${group.uuid}`, { user: free })
    ).json()) as TChatLog;
    expect(log.conversation).toHaveLength(4);
  });
});
