// Characters marked 18+ by their owner (issue 23): hidden from people under 18 (and from anyone whose date
// of birth is not known yet) in lists, search, the featured cast, a character's page, chat, groups and
// check-ins; a person under 18 cannot mark one, import one, or give a character sexual content.
// Here: what a person under 18 may not make (the mark, sexual content, cards). The mark and who sees it:
// adult-characters.db.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MINOR_ADULT_CARD_MESSAGE,
  MINOR_ADULT_CHARACTER_MESSAGE,
  MINOR_SEXUAL_TEXT_MESSAGE,
  ROLE_PLAY_PREFIX,
  type TPersona,
} from '../../shared/characters.ts';
import { cardWith, setUpAdultCharacters } from '../../test-support/adult-characters.ts';
import { uploadAvatar } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { characters } from '../db/schema.ts';

const { t, adult, teen, made, character, importCard, ownCount } = setUpAdultCharacters();

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
    expect(
      (await call(t, 'GET', `/api/character-personas/${made.ownAdultId}`, { user: someone })).status,
    ).toBe(404);
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
