// Characters marked 18+ by their owner (issue 23): hidden from people under 18 (and from anyone whose date
// of birth is not known yet) in lists, search, the featured cast, a character's page, chat, groups and
// check-ins; a person under 18 cannot mark one, import one, or give a character sexual content.
// Here: the mark, who sees such a character, and the owner's marks on the built-in cast. What a person
// under 18 may not make: adult-characters-minors.db.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TFeatured, TPersona } from '../../shared/characters.ts';
import { ids, setUpAdultCharacters, yearsAgo } from '../../test-support/adult-characters.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { characters, chatLogs } from '../db/schema.ts';

const { t, adult, teen, unknown, made, character } = setUpAdultCharacters();

describe('a character marked 18+', () => {
  it('its maker sets and clears the mark, and reads it back', async () => {
    const res = await call(t, 'GET', `/api/character-personas/${made.ownAdultId}`, { user: adult });
    expect(((await res.json()) as TPersona[])[0]!.isAdult).toBe(true);
    const cleared = await call(t, 'PUT', `/api/character-personas/${made.ownAdultId}`, {
      user: adult,
      json: { ...character({ name: 'Velvet' }), avatarUrl: undefined, isAdult: false },
    });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as TPersona).isAdult).toBe(false);
    // Without the field the mark stays as it is.
    await call(t, 'PUT', `/api/character-personas/${made.ownAdultId}`, {
      user: adult,
      json: { ...character({ name: 'Velvet' }), avatarUrl: undefined, isAdult: true },
    });
    const kept = await call(t, 'PUT', `/api/character-personas/${made.ownAdultId}`, {
      user: adult,
      json: { ...character({ name: 'Velvet' }), avatarUrl: undefined },
    });
    expect(((await kept.json()) as TPersona).isAdult).toBe(true);
  });

  it("is in an adult's list, search and featured cast, and in nobody else's", async () => {
    const all = await ids(await call(t, 'GET', '/api/character-personas?limit=500', { user: adult }));
    expect(all).toContain(made.builtInAdultId);
    expect(all).toContain(made.ownAdultId);
    for (const person of [teen, unknown]) {
      const list = await ids(await call(t, 'GET', '/api/character-personas?limit=500', { user: person }));
      expect(list).not.toContain(made.builtInAdultId);
      expect(list.length).toBeGreaterThan(0);
    }
    const name = (
      await t.database.db.select().from(characters).where(eq(characters.id, made.builtInAdultId))
    )[0]!.name;
    const q = encodeURIComponent(name.slice(0, 6));
    expect(await ids(await call(t, 'GET', `/api/character-personas?q=${q}`, { user: adult }))).toContain(
      made.builtInAdultId,
    );
    expect(await ids(await call(t, 'GET', `/api/character-personas?q=${q}`, { user: teen }))).not.toContain(
      made.builtInAdultId,
    );
    const featured = async (user: TTestUser) =>
      (
        (await (await call(t, 'GET', '/api/character-personas/featured', { user })).json()) as TFeatured
      ).sidebar.map((c) => c.id);
    expect(await featured(adult)).toContain(made.builtInAdultId);
    expect(await featured(teen)).not.toContain(made.builtInAdultId);
    expect(await featured(unknown)).not.toContain(made.builtInAdultId);
  });

  it('reads as missing to a minor: its page, a chat and a group with it (404, nothing stored)', async () => {
    expect(
      (await call(t, 'GET', `/api/character-personas/${made.builtInAdultId}`, { user: adult })).status,
    ).toBe(200);
    expect(
      (await call(t, 'GET', `/api/character-personas/${made.builtInAdultId}`, { user: teen })).status,
    ).toBe(404);
    const logsBefore = await t.database.db.select().from(chatLogs).where(eq(chatLogs.userId, teen.id));
    const send = await call(t, 'POST', '/assistant-reply-openai', {
      user: teen,
      json: {
        userId: teen.id,
        characterId: made.builtInAdultId,
        userInput: 'Hello there',
        memoryEnabled: false,
      },
    });
    expect(send.status).toBe(404);
    const group = await call(t, 'POST', '/api/groups', {
      user: teen,
      json: { characterIds: [1, made.builtInAdultId] },
    });
    expect(group.status).toBe(404);
    // Nor added to a group chat the minor already has.
    const own = await call(t, 'POST', '/api/groups', { user: teen, json: { characterIds: [1, 2] } });
    expect(own.status).toBe(201);
    const { uuid } = (await own.json()) as { uuid: string };
    const added = await call(t, 'POST', `/api/groups/${uuid}/members`, {
      user: teen,
      json: { characterId: made.builtInAdultId },
    });
    expect(added.status).toBe(404);
    const members = (await (await call(t, 'GET', `/api/groups/${uuid}`, { user: teen })).json()) as {
      members: { characterId: number }[];
    };
    expect(members.members.map((m) => m.characterId)).toEqual([1, 2]);
    const logsAfter = await t.database.db.select().from(chatLogs).where(eq(chatLogs.userId, teen.id));
    // Only the group chat made on purpose above.
    expect(logsAfter.length).toBe(logsBefore.length + 1);
    // The adult chats with it.
    const adultSend = await call(t, 'POST', '/assistant-reply-openai', {
      user: adult,
      json: {
        userId: adult.id,
        characterId: made.builtInAdultId,
        userInput: 'Hello there',
        memoryEnabled: false,
      },
    });
    expect(adultSend.status).toBe(200);
  });

  it('becomes visible on the day its viewer turns 18', async () => {
    const almost = await createSignedInUser(t.database, { birthDate: yearsAgo(18) });
    expect(
      (await call(t, 'GET', `/api/character-personas/${made.builtInAdultId}`, { user: almost })).status,
    ).toBe(200);
  });
});

describe("the owner's 18+ marks on the built-in cast", () => {
  it("the owner marks and clears one; it leaves and comes back in a minor's list", async () => {
    // The first account made is the owner: the adult made first in beforeAll.
    expect(await (await call(t, 'GET', '/api/admin/me', { user: adult })).json()).toEqual({ isOwner: true });
    const list = await call(t, 'GET', '/api/admin/characters', { user: adult });
    const cast = ((await list.json()) as { characters: { id: number; isAdult: boolean }[] }).characters;
    expect(cast.find((c) => c.id === made.builtInAdultId)?.isAdult).toBe(true);
    expect(cast.find((c) => c.id === 2)?.isAdult).toBe(false);
    expect(cast.some((c) => c.id === made.ownAdultId)).toBe(false);

    const marked = await call(t, 'PUT', '/api/admin/characters/2/adult', {
      user: adult,
      json: { isAdult: true },
    });
    expect(marked.status).toBe(200);
    expect(
      await ids(await call(t, 'GET', '/api/character-personas?limit=500', { user: teen })),
    ).not.toContain(2);
    const cleared = await call(t, 'PUT', '/api/admin/characters/2/adult', {
      user: adult,
      json: { isAdult: false },
    });
    expect(cleared.status).toBe(200);
    expect(await ids(await call(t, 'GET', '/api/character-personas?limit=500', { user: teen }))).toContain(2);
  });

  it("refused: signed out 401, someone else 403, a person's own character or none 404, malformed 400; nothing changes", async () => {
    const flag = async (id: number) =>
      (await t.database.db.select().from(characters).where(eq(characters.id, id)))[0]?.isAdult;
    expect((await call(t, 'PUT', '/api/admin/characters/2/adult', { json: { isAdult: true } })).status).toBe(
      401,
    );
    expect((await call(t, 'GET', '/api/admin/characters', { user: teen })).status).toBe(403);
    expect(
      (await call(t, 'PUT', '/api/admin/characters/2/adult', { user: teen, json: { isAdult: true } })).status,
    ).toBe(403);
    expect(
      (
        await call(t, 'PUT', `/api/admin/characters/${made.ownAdultId}/adult`, {
          user: adult,
          json: { isAdult: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t, 'PUT', '/api/admin/characters/999999/adult', { user: adult, json: { isAdult: true } }))
        .status,
    ).toBe(404);
    for (const json of [{}, { isAdult: 'yes' }, { isAdult: true, extra: 1 }, '{nope']) {
      const res = await call(t, 'PUT', '/api/admin/characters/2/adult', { user: adult, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(
      (await call(t, 'PUT', '/api/admin/characters/abc/adult', { user: adult, json: { isAdult: true } }))
        .status,
    ).toBe(400);
    expect(await flag(2)).toBe(false);
    expect(await flag(made.ownAdultId)).toBe(true);
  });
});
