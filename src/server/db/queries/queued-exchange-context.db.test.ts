// What judging a queued exchange reads first (queuedExchangeContext): gone when the chat, the person or
// the character went away or is no longer theirs to see, as findChatLog and findVisibleCharacter say;
// else the person's name and time zone.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { characters, users } from '../schema.ts';
import { createChatLogWithMessage } from './chat-logs.ts';
import { queuedExchangeContext } from './memory-facts.ts';

const SERAPHINE = 1;
const database = setUpTestDatabase();

const newCharacter = async (values: { userId?: number | null; isAdult?: boolean; hidden?: boolean }) => {
  const [row] = await database.db
    .insert(characters)
    .values({
      name: 'Wren',
      description: 'A quiet one',
      userId: values.userId ?? null,
      isAdult: values.isAdult ?? false,
      hiddenAt: values.hidden ? new Date() : null,
    })
    .returning({ id: characters.id });
  return row!.id;
};

describe('queuedExchangeContext', () => {
  it("finds the chat, the character and the person's name and time zone, or says the exchange is gone", async () => {
    const me = await createSignedInUser(database, { name: 'Ada' });
    await database.db.update(users).set({ timeZone: 'Europe/Lisbon' }).where(eq(users.id, me.id));
    const other = await createSignedInUser(database);
    const minor = await createSignedInUser(database, { birthDate: null });
    const chat = await createChatLogWithMessage(database.db, {
      userId: me.id,
      characterId: SERAPHINE,
      message: { role: 'user', content: 'hello' },
    });
    const context = (userId: number, characterId: number, chatLogUuid: string | null) =>
      queuedExchangeContext(database.db, { userId, characterId, chatLogUuid });

    expect(await context(me.id, SERAPHINE, chat.uuid)).toEqual({
      isGone: false,
      person: { timeZone: 'Europe/Lisbon', name: 'Ada' },
    });
    // No chat (not from a stored chat message): the person alone must still be there.
    expect((await context(me.id, SERAPHINE, null)).isGone).toBe(false);
    expect((await context(999_999, SERAPHINE, null)).isGone).toBe(true);
    // Another person's chat, or one that went away.
    expect((await context(other.id, SERAPHINE, chat.uuid)).isGone).toBe(true);
    expect((await context(me.id, SERAPHINE, '00000000-0000-4000-8000-000000000000')).isGone).toBe(true);
    // The character: gone, hidden, another person's own, or 18+ for someone not known to be an adult.
    expect((await context(me.id, 999_999, null)).isGone).toBe(true);
    expect((await context(me.id, await newCharacter({ hidden: true }), null)).isGone).toBe(true);
    const othersOwn = await newCharacter({ userId: other.id });
    expect((await context(me.id, othersOwn, null)).isGone).toBe(true);
    expect((await context(other.id, othersOwn, null)).isGone).toBe(false);
    const adult = await newCharacter({ isAdult: true });
    expect((await context(me.id, adult, null)).isGone).toBe(false);
    expect((await context(minor.id, adult, null)).isGone).toBe(true);
    // A name left empty: the username.
    await database.db.update(users).set({ name: '' }).where(eq(users.id, minor.id));
    expect((await context(minor.id, SERAPHINE, null)).person.name).toBe(minor.username);
  });
});
