import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MINOR_ADULT_CARD_MESSAGE,
  MINOR_ADULT_CHARACTER_MESSAGE,
  MINOR_SEXUAL_TEXT_MESSAGE,
  ROLE_PLAY_PREFIX,
  type TFeatured,
  type TPersona,
  type TPersonaListItem,
} from '../../shared/characters.ts';
import { createReplyTestApp, type TReplyTestApp } from '../../test-support/reply-test-app.ts';
import { uploadAvatar } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { v2Card } from '../../test-support/test-cards.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { listOwnCharacters } from '../db/queries/characters.ts';
import { characters, chatLogs } from '../db/schema.ts';

// Characters marked 18+ by their owner (issue 23): hidden from people under 18 (and from anyone whose date
// of birth is not known yet) in lists, search, the featured cast, a character's page, chat, groups and
// check-ins; a person under 18 cannot mark one, import one, or give a character sexual content.
let t: TReplyTestApp;
let adult: TTestUser;
let teen: TTestUser;
let unknown: TTestUser;
/** A built-in character the installation's owner marked 18+. */
let builtInAdultId: number;
/** The adult's own 18+ character. */
let ownAdultId: number;
let avatarUrl: string;

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

const character = (over: Record<string, unknown> = {}) => ({
  name: 'Lumen',
  tagline: 'A lighthouse keeper',
  description: `${ROLE_PLAY_PREFIX}You keep the lighthouse and tell {{userName}} about ships.`,
  avatarUrl,
  ...over,
});

function importCard(user: TTestUser, card: unknown) {
  const form = new FormData();
  form.append('card', new File([JSON.stringify(card)], 'card.json', { type: 'application/json' }));
  return call(t, 'POST', '/upload/character-card', { user, body: form });
}

const cardWith = (data: Record<string, unknown>) => ({ ...v2Card, data: { ...v2Card.data, ...data } });

const ids = async (res: Response) => ((await res.json()) as TPersonaListItem[]).map((p) => p.id);
const ownCount = async (user: TTestUser) =>
  (await listOwnCharacters(t.database.db, user.id, { limit: 500 })).length;

beforeAll(async () => {
  t = await createReplyTestApp();
  adult = await createSignedInUser(t.database);
  teen = await createSignedInUser(t.database, { birthDate: yearsAgo(15) });
  unknown = await createSignedInUser(t.database, { birthDate: null });
  avatarUrl = await uploadAvatar(t, adult);
  const [row] = await t.database.db
    .update(characters)
    .set({ isAdult: true })
    .where(eq(characters.id, 3))
    .returning({ id: characters.id });
  builtInAdultId = row!.id;
  const own = await call(t, 'POST', '/api/character-personas', {
    user: adult,
    json: character({ name: 'Velvet', isAdult: true }),
  });
  expect(own.status).toBe(201);
  ownAdultId = ((await own.json()) as TPersona).id;
}, 180_000);
afterAll(() => t.close());

describe('a character marked 18+', () => {
  it('its maker sets and clears the mark, and reads it back', async () => {
    const res = await call(t, 'GET', `/api/character-personas/${ownAdultId}`, { user: adult });
    expect(((await res.json()) as TPersona[])[0]!.isAdult).toBe(true);
    const cleared = await call(t, 'PUT', `/api/character-personas/${ownAdultId}`, {
      user: adult,
      json: { ...character({ name: 'Velvet' }), avatarUrl: undefined, isAdult: false },
    });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as TPersona).isAdult).toBe(false);
    // Without the field the mark stays as it is.
    await call(t, 'PUT', `/api/character-personas/${ownAdultId}`, {
      user: adult,
      json: { ...character({ name: 'Velvet' }), avatarUrl: undefined, isAdult: true },
    });
    const kept = await call(t, 'PUT', `/api/character-personas/${ownAdultId}`, {
      user: adult,
      json: { ...character({ name: 'Velvet' }), avatarUrl: undefined },
    });
    expect(((await kept.json()) as TPersona).isAdult).toBe(true);
  });

  it("is in an adult's list, search and featured cast, and in nobody else's", async () => {
    const all = await ids(await call(t, 'GET', '/api/character-personas?limit=500', { user: adult }));
    expect(all).toContain(builtInAdultId);
    expect(all).toContain(ownAdultId);
    for (const person of [teen, unknown]) {
      const list = await ids(await call(t, 'GET', '/api/character-personas?limit=500', { user: person }));
      expect(list).not.toContain(builtInAdultId);
      expect(list.length).toBeGreaterThan(0);
    }
    const name = (await t.database.db.select().from(characters).where(eq(characters.id, builtInAdultId)))[0]!
      .name;
    const q = encodeURIComponent(name.slice(0, 6));
    expect(await ids(await call(t, 'GET', `/api/character-personas?q=${q}`, { user: adult }))).toContain(
      builtInAdultId,
    );
    expect(await ids(await call(t, 'GET', `/api/character-personas?q=${q}`, { user: teen }))).not.toContain(
      builtInAdultId,
    );
    const featured = async (user: TTestUser) =>
      (
        (await (await call(t, 'GET', '/api/character-personas/featured', { user })).json()) as TFeatured
      ).sidebar.map((c) => c.id);
    expect(await featured(adult)).toContain(builtInAdultId);
    expect(await featured(teen)).not.toContain(builtInAdultId);
    expect(await featured(unknown)).not.toContain(builtInAdultId);
  });

  it('reads as missing to a minor: its page, a chat and a group with it (404, nothing stored)', async () => {
    expect((await call(t, 'GET', `/api/character-personas/${builtInAdultId}`, { user: adult })).status).toBe(
      200,
    );
    expect((await call(t, 'GET', `/api/character-personas/${builtInAdultId}`, { user: teen })).status).toBe(
      404,
    );
    const logsBefore = await t.database.db.select().from(chatLogs).where(eq(chatLogs.userId, teen.id));
    const send = await call(t, 'POST', '/assistant-reply-openai', {
      user: teen,
      json: { userId: teen.id, characterId: builtInAdultId, userInput: 'Hello there', memoryEnabled: false },
    });
    expect(send.status).toBe(404);
    const group = await call(t, 'POST', '/api/groups', {
      user: teen,
      json: { characterIds: [1, builtInAdultId] },
    });
    expect(group.status).toBe(404);
    // Nor added to a group chat the minor already has.
    const own = await call(t, 'POST', '/api/groups', { user: teen, json: { characterIds: [1, 2] } });
    expect(own.status).toBe(201);
    const { uuid } = (await own.json()) as { uuid: string };
    const added = await call(t, 'POST', `/api/groups/${uuid}/members`, {
      user: teen,
      json: { characterId: builtInAdultId },
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
      json: { userId: adult.id, characterId: builtInAdultId, userInput: 'Hello there', memoryEnabled: false },
    });
    expect(adultSend.status).toBe(200);
  });

  it('becomes visible on the day its viewer turns 18', async () => {
    const almost = await createSignedInUser(t.database, { birthDate: yearsAgo(18) });
    expect((await call(t, 'GET', `/api/character-personas/${builtInAdultId}`, { user: almost })).status).toBe(
      200,
    );
  });
});

describe('what a person under 18 may not make', () => {
  it('marking a character 18+: refused (403), nothing made or changed', async () => {
    const teenAvatar = await uploadAvatar(t, teen);
    const before = await ownCount(teen);
    const res = await call(t, 'POST', '/api/character-personas', {
      user: teen,
      json: character({ avatarUrl: teenAvatar, isAdult: true }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(MINOR_ADULT_CHARACTER_MESSAGE);
    expect(await ownCount(teen)).toBe(before);

    const made = await call(t, 'POST', '/api/character-personas', {
      user: teen,
      json: character({ avatarUrl: teenAvatar }),
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as TPersona).id;
    const marked = await call(t, 'PUT', `/api/character-personas/${id}`, {
      user: teen,
      json: { ...character({ name: 'Changed' }), avatarUrl: undefined, isAdult: true },
    });
    expect(marked.status).toBe(403);
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, id));
    expect(row!.isAdult).toBe(false);
    expect(row!.name).toBe('Lumen');
  });

  it("sexual content in a character's name, tagline, description or greeting: refused (400); an adult's is kept", async () => {
    const teenAvatar = await uploadAvatar(t, teen);
    const before = await ownCount(teen);
    for (const over of [
      { tagline: 'Your naked neighbour' },
      { description: `${ROLE_PLAY_PREFIX}She is horny and wants {{userName}}.` },
      { greeting: '*takes off her dress* Hi there.' },
    ]) {
      const res = await call(t, 'POST', '/api/character-personas', {
        user: teen,
        json: character({ avatarUrl: teenAvatar, ...over }),
      });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((await res.json()).message).toBe(MINOR_SEXUAL_TEXT_MESSAGE);
    }
    expect(await ownCount(teen)).toBe(before);
    const made = await call(t, 'POST', '/api/character-personas', {
      user: teen,
      json: character({ avatarUrl: teenAvatar }),
    });
    const id = ((await made.json()) as TPersona).id;
    const edited = await call(t, 'PUT', `/api/character-personas/${id}`, {
      user: teen,
      json: { ...character({ description: 'Naked and aroused she waits' }), avatarUrl: undefined },
    });
    expect(edited.status).toBe(400);
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, id));
    expect(row!.description).toContain('You keep the lighthouse');

    const adults = await call(t, 'POST', '/api/character-personas', {
      user: adult,
      json: character({ tagline: 'Your naked neighbour' }),
    });
    expect(adults.status).toBe(201);
  });

  it('cards: one tagged NSFW is imported marked 18+ for an adult and refused to a minor; sexual text refused to a minor', async () => {
    const nsfw = cardWith({ name: 'Night Card', tags: ['romance', 'NSFW'] });
    const adultImport = await importCard(adult, nsfw);
    expect(adultImport.status).toBe(201);
    const importedId = ((await adultImport.json()) as TPersona).id;
    const [row] = await t.database.db.select().from(characters).where(eq(characters.id, importedId));
    expect(row!.isAdult).toBe(true);

    const before = await ownCount(teen);
    const refused = await importCard(teen, nsfw);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(MINOR_ADULT_CARD_MESSAGE);
    const sexual = await importCard(
      teen,
      cardWith({ name: 'Quiet', tags: [], description: 'An erotic poet.' }),
    );
    expect(sexual.status).toBe(400);
    expect(await ownCount(teen)).toBe(before);
    // A plain card is fine.
    const plain = await importCard(teen, cardWith({ name: 'Plain', tags: ['cozy'] }));
    expect(plain.status).toBe(201);
    expect(((await plain.json()) as TPersona).isAdult).toBe(false);
  });

  it('a malformed mark is refused (400); signed out is 401', async () => {
    const res = await call(t, 'POST', '/api/character-personas', {
      user: adult,
      json: character({ isAdult: 'yes' }),
    });
    expect(res.status).toBe(400);
    expect(
      (await call(t, 'POST', '/api/character-personas', { json: character({ isAdult: true }) })).status,
    ).toBe(401);
  });

  it("another person's 18+ character is as good as missing, even to an adult", async () => {
    const someone = await createSignedInUser(t.database);
    expect((await call(t, 'GET', `/api/character-personas/${ownAdultId}`, { user: someone })).status).toBe(
      404,
    );
    const row = await insertTestCharacter(t.database.db, {
      userId: someone.id,
      name: 'Theirs',
      description: 'x',
      isAdult: true,
    });
    const put = await call(t, 'PUT', `/api/character-personas/${row.id}`, {
      user: adult,
      json: { ...character(), avatarUrl: undefined, isAdult: false },
    });
    expect(put.status).toBe(404);
    const [after] = await t.database.db.select().from(characters).where(eq(characters.id, row.id));
    expect(after!.isAdult).toBe(true);
  });
});

describe("the owner's 18+ marks on the built-in cast", () => {
  it("the owner marks and clears one; it leaves and comes back in a minor's list", async () => {
    // The first account made is the owner: the adult made first in beforeAll.
    expect(await (await call(t, 'GET', '/api/admin/me', { user: adult })).json()).toEqual({ isOwner: true });
    const list = await call(t, 'GET', '/api/admin/characters', { user: adult });
    const cast = ((await list.json()) as { characters: { id: number; isAdult: boolean }[] }).characters;
    expect(cast.find((c) => c.id === builtInAdultId)?.isAdult).toBe(true);
    expect(cast.find((c) => c.id === 2)?.isAdult).toBe(false);
    expect(cast.some((c) => c.id === ownAdultId)).toBe(false);

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
        await call(t, 'PUT', `/api/admin/characters/${ownAdultId}/adult`, {
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
    expect(await flag(ownAdultId)).toBe(true);
  });
});
