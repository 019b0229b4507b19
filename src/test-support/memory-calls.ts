// The memory route suites' set-up and calls: the reply test app, a person of each test's own, a message
// that may be remembered, a memory made by hand and the person's memories of a character.
import { expect } from 'vitest';
import type { TReplyResponse } from '../shared/chat.ts';
import type { TMemory } from '../shared/memories.ts';
import { SERAPHINE } from './message-calls.ts';
import { setUpPerson, setUpReplyTestApp } from './set-up.ts';
import { call, createSignedInUser, type TTestUser } from './test-app.ts';

export function setUpMemorySuite() {
  const t = setUpReplyTestApp();
  /** Someone else, whose memories a test must never reach. */
  const other = setUpPerson(t);
  return {
    t,
    other,
    /** Each test's own person, so no test reads what another one left. */
    newPerson: () => createSignedInUser(t.database, { name: 'Ada Lovelace' }),
    /** Says `userInput` to Seraphine with memory on (unless `extra` says), then waits for the judge. */
    async say(user: TTestUser, userInput: string, extra: Record<string, unknown> = {}) {
      const res = await call(t, 'POST', '/assistant-reply-openai', {
        user,
        json: { userId: user.id, characterId: SERAPHINE, userInput, memoryEnabled: true, ...extra },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as TReplyResponse;
      await t.memory.idle();
      return body;
    },
    /** A memory made by hand (POST /api/memories), as the memories dialog does. */
    async handMade(user: TTestUser, content: string, characterId = SERAPHINE): Promise<TMemory> {
      const res = await call(t, 'POST', '/api/memories', { user, json: { characterId, content } });
      expect(res.status).toBe(201);
      return (await res.json()) as TMemory;
    },
    async memoriesOf(user: TTestUser, characterId = SERAPHINE): Promise<TMemory[]> {
      const url = `/api/memories/getmemories?userId=${user.id}&characterId=${characterId}`;
      const res = await call(t, 'GET', url, { user });
      expect(res.status).toBe(200);
      return (await res.json()) as TMemory[];
    },
  };
}
