// The 18+ character tests' set-up and calls: the app with an adult (the first account: the owner), a
// person of 15 and one whose date of birth is not known, a built-in character the owner marked 18+ and
// the adult's own 18+ character; a character's fields, a card imported, a list's ids.
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { listOwnCharacters } from '../server/db/queries/characters.ts';
import { characters } from '../server/db/schema.ts';
import { ROLE_PLAY_PREFIX, type TPersona, type TPersonaListItem } from '../shared/characters.ts';
import { setUpPerson, setUpReplyTestApp, uploadAvatar } from './set-up.ts';
import { call, type TTestUser } from './test-app.ts';
import { v2Card } from './test-cards.ts';

export const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

export const cardWith = (data: Record<string, unknown>) => ({ ...v2Card, data: { ...v2Card.data, ...data } });

export const ids = async (res: Response) => ((await res.json()) as TPersonaListItem[]).map((p) => p.id);

/** Hooks that make the suite's app, people and 18+ characters; what they answer is filled in before its tests. */
export function setUpAdultCharacters() {
  const t = setUpReplyTestApp();
  const adult = setUpPerson(t);
  const teen = setUpPerson(t, { birthDate: yearsAgo(15) });
  const unknown = setUpPerson(t, { birthDate: null });
  const made = {
    /** A built-in character the installation's owner marked 18+. */
    builtInAdultId: 0,
    /** The adult's own 18+ character. */
    ownAdultId: 0,
    avatarUrl: '',
  };

  const character = (over: Record<string, unknown> = {}) => ({
    name: 'Lumen',
    tagline: 'A lighthouse keeper',
    description: `${ROLE_PLAY_PREFIX}You keep the lighthouse and tell {{userName}} about ships.`,
    avatarUrl: made.avatarUrl,
    ...over,
  });

  beforeAll(async () => {
    made.avatarUrl = await uploadAvatar(t, adult);
    const [row] = await t.database.db
      .update(characters)
      .set({ isAdult: true })
      .where(eq(characters.id, 3))
      .returning({ id: characters.id });
    made.builtInAdultId = row!.id;
    const own = await call(t, 'POST', '/api/character-personas', {
      user: adult,
      json: character({ name: 'Velvet', isAdult: true }),
    });
    expect(own.status).toBe(201);
    made.ownAdultId = ((await own.json()) as TPersona).id;
  }, 180_000);

  function importCard(user: TTestUser, card: unknown) {
    const form = new FormData();
    form.append('card', new File([JSON.stringify(card)], 'card.json', { type: 'application/json' }));
    return call(t, 'POST', '/upload/character-card', { user, body: form });
  }

  const ownCount = async (user: TTestUser) =>
    (await listOwnCharacters(t.database.db, user.id, { limit: 500 })).length;

  return { t, adult, teen, unknown, made, character, importCard, ownCount };
}
