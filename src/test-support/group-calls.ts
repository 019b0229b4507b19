// The group chat route tests' set-up and calls: the app (3 free replies a day), two people, a character
// of each, and starting a group, writing in it, a character's turn, the last prompt the model was sent.
import { beforeAll, expect } from 'vitest';
import { characters } from '../server/db/schema.ts';
import type { TGroupChat, TGroupMessageResult } from '../shared/groups.ts';
import { setUpPerson, setUpReplyTestApp } from './set-up.ts';
import { call } from './test-app.ts';

// Built-in cast: Seraphine Vale 1, Rook 3, Juniper Hale 5, Luca Ferrante 6.
export const SERAPHINE = 1;
export const ROOK = 3;
export const JUNIPER = 5;
export const LUCA = 6;

/** Hooks that make the suite's app and people; what they answer is filled in before its tests. */
export function setUpGroupTest() {
  const t = setUpReplyTestApp({ FREE_DAILY_MESSAGES: '3' });
  const me = setUpPerson(t, { name: 'Ada', isSubscribed: true });
  const other = setUpPerson(t, { name: 'Bea' });
  /** Bea's own character, and Ada's. */
  const made = { othersCharacter: 0, myCharacter: 0 };

  beforeAll(async () => {
    const rows = await t.database.db
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
    made.othersCharacter = rows[0]!.id;
    made.myCharacter = rows[1]!.id;
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

  return { t, me, other, made, lastPrompt, promptText, startGroup, write, turn, setTalkativeness };
}
