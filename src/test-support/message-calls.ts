// The message tests' calls: a message sent to a character on the OpenAI-compatible path, and a stored
// message's URL.
import { beforeEach, expect } from 'vitest';
import type { TReplyResponse } from '../shared/chat.ts';
import { setUpReplyTestApp } from './set-up.ts';
import { call, type TTestApp, type TTestUser } from './test-app.ts';

/** Seraphine Vale, the seeded character the message tests talk to. */
export const SERAPHINE = 1;

/** Sends `userInput` (in the chat `hist`, or a new one) and answers the reply (200). */
export async function sendMessage(
  t: TTestApp,
  user: TTestUser,
  userInput: string,
  hist?: string,
): Promise<TReplyResponse> {
  const res = await call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, userInput, hist },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TReplyResponse;
}

/** The JSON reply call: `json`'s fields on top of the person's id and Seraphine. */
export const postReply = (
  t: TTestApp,
  user: TTestUser,
  json: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, ...json },
    headers,
  });

/** A stored message's URL, or one of its actions'. */
export const msgUrl = (uuid: string, position: number, action = '') =>
  `/api/chatlogs/${uuid}/messages/${position}${action ? `/${action}` : ''}`;

/** Regenerates or continues the stored reply at `position` (memory off), checks 200 and reads it out. */
export async function redoReply(
  t: TTestApp,
  user: TTestUser,
  uuid: string,
  position: number,
  action: 'regenerate' | 'continue',
): Promise<void> {
  const res = await call(t, 'POST', msgUrl(uuid, position, action), { user, json: { memoryEnabled: false } });
  expect(res.status).toBe(200);
  await res.text();
}

/** The message suites' set-up: the reply test app, its fake model answering at once, and a send helper. */
export function setUpMessageSuite() {
  const t = setUpReplyTestApp();
  beforeEach(() => {
    t.fake.setMode('ok');
    t.fake.setTokenDelay(0);
  });
  const send = (user: TTestUser, userInput: string, hist?: string) => sendMessage(t, user, userInput, hist);
  return { t, db: () => t.database.db, send };
}
