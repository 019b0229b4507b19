// Editing what is yours: a person's own characters (edit, delete), chats (rename, delete, forget) and
// rewinding with its memories; every call's unhappy paths answer a clear 4xx and change nothing.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TPersona } from '../../shared/characters.ts';
import type { TChatLogSummary } from '../../shared/chat.ts';
import { makeChat as makeTestChat } from '../../test-support/reply-test-app.ts';
import { setUpPerson, setUpTestApp, uploadAvatar } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { insertTestMemory } from '../../test-support/test-memories.ts';
import { appendMessage } from '../db/queries/chat-logs.ts';
import { characters, chatLogs, memories, uploads } from '../db/schema.ts';

const SERAPHINE = 1;

const t = setUpTestApp();
const me = setUpPerson(t, { name: 'Ada' });
const other = setUpPerson(t);

const db = () => t.database.db;

async function makeCharacter(user: TTestUser, avatarUrl: string | null = null) {
  const row = await insertTestCharacter(db(), {
    userId: user.id,
    name: 'Typo Nmae',
    tagline: 'a tagline',
    description: 'words',
    avatarUrl,
  });
  return row.id;
}

const makeChat = (user: TTestUser, characterId: number, contents: string[]) =>
  makeTestChat(t, user, characterId, contents);

const remember = (user: TTestUser, characterId: number, chatLogUuid: string | null, content: string) =>
  insertTestMemory(db(), { userId: user.id, characterId, characterName: 'Typo Nmae', chatLogUuid, content });

const memoryContents = async (user: TTestUser) =>
  (await db().select().from(memories).where(eq(memories.userId, user.id))).map((m) => m.content).sort();

const edit = {
  name: 'Typo Name',
  tagline: 'Fixed tagline',
  description: 'Fixed words about {{userName}}',
  greeting: 'Hello again',
  voiceId: 'awb',
};

describe('PUT /api/character-personas/{id}', () => {
  it('changes the person’s own character, keeping the avatar when none is sent', async () => {
    const avatar = await uploadAvatar(t, me);
    const id = await makeCharacter(me, avatar);
    const res = await call(t, 'PUT', `/api/character-personas/${id}`, { user: me, json: edit });
    expect(res.status).toBe(200);
    const persona = (await res.json()) as TPersona;
    expect(persona).toMatchObject({ id, name: 'Typo Name', tagline: 'Fixed tagline', avatarUrl: avatar });
    expect(persona.description.endsWith('Fixed words about {{userName}}')).toBe(true);
    const [row] = await db().select().from(characters).where(eq(characters.id, id));
    expect(row).toMatchObject({ name: 'Typo Name', greeting: 'Hello again', voiceId: 'awb' });
  });

  it('takes a new avatar of the person’s own and removes the replaced file', async () => {
    const first = await uploadAvatar(t, me);
    const id = await makeCharacter(me, first);
    const second = await uploadAvatar(t, me);
    const res = await call(t, 'PUT', `/api/character-personas/${id}`, {
      user: me,
      json: { ...edit, avatarUrl: second },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TPersona).avatarUrl).toBe(second);
    expect(await db().select().from(uploads).where(eq(uploads.url, first))).toHaveLength(0);
  });

  it('refuses signed out, another person’s character, built-in ones, bad bodies and others’ avatars', async () => {
    const id = await makeCharacter(me);
    const theirs = await makeCharacter(other);
    const theirAvatar = await uploadAvatar(t, other);
    const cases: [string, TTestUser | undefined, unknown, number][] = [
      [`/api/character-personas/${id}`, undefined, edit, 401],
      [`/api/character-personas/${theirs}`, me, edit, 404],
      [`/api/character-personas/${SERAPHINE}`, me, edit, 403],
      [`/api/character-personas/${id}`, me, { ...edit, name: '' }, 400],
      [`/api/character-personas/${id}`, me, { ...edit, name: 'x'.repeat(21) }, 400],
      [`/api/character-personas/${id}`, me, { ...edit, userId: other.id }, 400],
      [`/api/character-personas/${id}`, me, { ...edit, avatarUrl: theirAvatar }, 400],
      [`/api/character-personas/${id}`, me, '{not json', 400],
      ['/api/character-personas/abc', me, edit, 400],
    ];
    for (const [url, user, json, status] of cases) {
      const res = await call(t, 'PUT', url, { user, json });
      expect(res.status, `${url} ${JSON.stringify(json)}`).toBe(status);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.message).toEqual(expect.any(String));
    }
    const [row] = await db().select().from(characters).where(eq(characters.id, id));
    expect(row?.name).toBe('Typo Nmae');
    const [builtIn] = await db().select().from(characters).where(eq(characters.id, SERAPHINE));
    expect(builtIn?.name).toBe('Seraphine Vale');
  });
});

describe('DELETE /api/character-personas/{id}', () => {
  it('deletes the character with its chats, messages, memories and avatar file', async () => {
    const avatar = await uploadAvatar(t, me);
    const id = await makeCharacter(me, avatar);
    const uuid = await makeChat(me, id, ['', 'hi', 'hello']);
    await remember(me, id, uuid, 'I have a cat called Miso');
    const keep = await remember(me, SERAPHINE, null, 'kept for Seraphine');
    const res = await call(t, 'DELETE', `/api/character-personas/${id}`, { user: me });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ chatsDeleted: 1, memoriesDeleted: 1, filesRemoved: 1 });
    expect(await db().select().from(characters).where(eq(characters.id, id))).toHaveLength(0);
    expect(await db().select().from(chatLogs).where(eq(chatLogs.uuid, uuid))).toHaveLength(0);
    expect(await db().select().from(uploads).where(eq(uploads.url, avatar))).toHaveLength(0);
    expect(await db().select().from(memories).where(eq(memories.id, keep.id))).toHaveLength(1);
  });

  it('refuses signed out, another person’s, built-in and malformed ids, deleting nothing', async () => {
    const id = await makeCharacter(me);
    const theirs = await makeCharacter(other);
    for (const [url, user, status] of [
      [`/api/character-personas/${id}`, undefined, 401],
      [`/api/character-personas/${theirs}`, me, 404],
      [`/api/character-personas/${SERAPHINE}`, me, 403],
      ['/api/character-personas/-1', me, 400],
    ] as const) {
      const res = await call(t, 'DELETE', url, { user });
      expect(res.status, url).toBe(status);
      expect(((await res.json()) as { code: string }).code).toEqual(expect.any(String));
    }
    const left = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(characters)
      .where(sql`${characters.id} in (${id}, ${theirs}, ${SERAPHINE})`);
    expect(Number(left[0]?.n)).toBe(3);
  });
});

describe('renaming and deleting a chat', () => {
  it('renames a chat; History lists the name; an empty name gives back the preview', async () => {
    const uuid = await makeChat(me, SERAPHINE, ['', 'Tell me about the stars']);
    const res = await call(t, 'PUT', `/api/chatlogs/${uuid}`, { user: me, json: { title: '  Star talk ' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ uuid, title: 'Star talk' });
    const list = await call(t, 'GET', `/api/chatlogs/filtered?userId=${me.id}&characterId=${SERAPHINE}`, {
      user: me,
    });
    const item = ((await list.json()) as TChatLogSummary[]).find((l) => l.uuid === uuid);
    expect(item).toMatchObject({ title: 'Star talk', preview: 'Tell me about the stars' });
    await call(t, 'PUT', `/api/chatlogs/${uuid}`, { user: me, json: { title: '' } });
    const [row] = await db().select().from(chatLogs).where(eq(chatLogs.uuid, uuid));
    expect(row?.title).toBeNull();
  });

  it('refuses renaming signed out, another person’s chat and bad names', async () => {
    const uuid = await makeChat(me, SERAPHINE, ['', 'mine']);
    const cases: [TTestUser | undefined, unknown, number][] = [
      [undefined, { title: 'x' }, 401],
      [other, { title: 'x' }, 404],
      [me, { title: 'x'.repeat(81) }, 400],
      [me, { title: 7 }, 400],
      [me, { title: 'x', read: true }, 400],
    ];
    for (const [user, json, status] of cases) {
      expect((await call(t, 'PUT', `/api/chatlogs/${uuid}`, { user, json })).status).toBe(status);
    }
    const [row] = await db().select().from(chatLogs).where(eq(chatLogs.uuid, uuid));
    expect(row?.title).toBeNull();
  });

  it('deletes a chat and keeps its memories, or forgets them when asked', async () => {
    const kept = await makeChat(me, SERAPHINE, ['', 'keep']);
    const forgotten = await makeChat(me, SERAPHINE, ['', 'forget']);
    await remember(me, SERAPHINE, kept, 'memory of a kept-memories chat');
    await remember(me, SERAPHINE, forgotten, 'memory of a forgotten chat');
    const first = await call(t, 'DELETE', `/api/chatlogs/${kept}`, { user: me });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deleted: true, memoriesForgotten: 0 });
    const second = await call(t, 'DELETE', `/api/chatlogs/${forgotten}?forget=true`, { user: me });
    expect(await second.json()).toEqual({ deleted: true, memoriesForgotten: 1 });
    const contents = await memoryContents(me);
    expect(contents).toContain('memory of a kept-memories chat');
    expect(contents).not.toContain('memory of a forgotten chat');
    expect(
      await db().select().from(chatLogs).where(sql`${chatLogs.uuid} in (${kept}, ${forgotten})`),
    ).toHaveLength(0);
  });

  it('refuses deleting signed out, another person’s chat, a malformed uuid or query', async () => {
    const uuid = await makeChat(me, SERAPHINE, ['', 'stays']);
    await remember(me, SERAPHINE, uuid, 'stays remembered');
    for (const [url, user, status] of [
      [`/api/chatlogs/${uuid}`, undefined, 401],
      [`/api/chatlogs/${uuid}?forget=true`, other, 404],
      ['/api/chatlogs/not-a-uuid', me, 400],
      [`/api/chatlogs/${uuid}?forget=yes`, me, 400],
    ] as const) {
      expect((await call(t, 'DELETE', url, { user })).status, url).toBe(status);
    }
    expect(await db().select().from(chatLogs).where(eq(chatLogs.uuid, uuid))).toHaveLength(1);
    expect(await memoryContents(me)).toContain('stays remembered');
  });
});

describe('rewinding with forget', () => {
  it('forgets only the memories made since the rewound message when asked', async () => {
    const uuid = await makeChat(me, SERAPHINE, ['', 'first', 'reply one']);
    await remember(me, SERAPHINE, uuid, 'from before the rewind');
    await new Promise((r) => setTimeout(r, 20));
    await appendMessage(db(), { userId: me.id, uuid, message: { role: 'user', content: 'second' } });
    await appendMessage(db(), { userId: me.id, uuid, message: { role: 'assistant', content: 'reply two' } });
    await remember(me, SERAPHINE, uuid, 'from the rewound exchange');
    const refused = await call(t, 'DELETE', `/api/chatlogs/${uuid}/messages/3?forget=true`, { user: other });
    expect(refused.status).toBe(404);
    expect(await memoryContents(me)).toContain('from the rewound exchange');

    const res = await call(t, 'DELETE', `/api/chatlogs/${uuid}/messages/3?forget=true`, { user: me });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { memoriesForgotten: number; conversation: unknown[] };
    expect(page.memoriesForgotten).toBe(1);
    expect(page.conversation).toHaveLength(3);
    const left = await memoryContents(me);
    expect(left).toContain('from before the rewind');
    expect(left).not.toContain('from the rewound exchange');
  });

  it('keeps memories on a plain rewind', async () => {
    const uuid = await makeChat(me, SERAPHINE, ['', 'a', 'b']);
    await remember(me, SERAPHINE, uuid, 'plain rewind keeps me');
    const res = await call(t, 'DELETE', `/api/chatlogs/${uuid}/messages/1`, { user: me });
    expect(res.status).toBe(200);
    expect(await memoryContents(me)).toContain('plain rewind keeps me');
    const rows = await db()
      .select()
      .from(memories)
      .where(and(eq(memories.userId, me.id), eq(memories.chatLogUuid, uuid)));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/chatlogs/recent', () => {
  it('lists the person’s latest text chats across characters, never another person’s', async () => {
    const mineA = await makeChat(me, SERAPHINE, ['', 'recent one']);
    const mineB = await makeChat(me, 3, ['', 'recent two']);
    const theirs = await makeChat(other, SERAPHINE, ['', 'not yours']);
    await call(t, 'PUT', `/api/chatlogs/${mineA}`, { user: me, json: { title: 'Named' } });
    const res = await call(t, 'GET', '/api/chatlogs/recent?limit=20', { user: me });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { uuid: string; title: string | null; preview: string | null }[];
    expect(list.map((l) => l.uuid)).toEqual(expect.arrayContaining([mineA, mineB]));
    expect(list.map((l) => l.uuid)).not.toContain(theirs);
    expect(list.find((l) => l.uuid === mineA)).toMatchObject({ title: 'Named', preview: 'recent one' });
  });

  it('refuses signed out and a bad limit', async () => {
    expect((await call(t, 'GET', '/api/chatlogs/recent')).status).toBe(401);
    expect((await call(t, 'GET', '/api/chatlogs/recent?limit=0', { user: me })).status).toBe(400);
    expect((await call(t, 'GET', '/api/chatlogs/recent?limit=abc', { user: me })).status).toBe(400);
  });
});
