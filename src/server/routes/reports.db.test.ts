import { describe, expect, it } from 'vitest';
import { startHttpApp } from '../../test-support/http-app.ts';
import { setUpPerson, setUpReplyTestApp } from '../../test-support/set-up.ts';
import { follow, request, signInThroughProvider, startSignIn } from '../../test-support/sign-in-flow.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { insertTestCharacter } from '../../test-support/test-characters.ts';
import { findOwnReply, REMOVED_MESSAGE, suspendUser } from '../db/queries/reports.ts';
import { findUserByEmail } from '../db/queries/users.ts';
import { REPORTS_PER_HOUR } from './reports.ts';

// Reports and moderation: 'Report' on a reply or a character, /api/admin/reports, hide, delete, suspend.
const SERAPHINE = 1;
const t = setUpReplyTestApp();
const owner = setUpPerson(t);

/** A chat with one exchange: the reply is at position 1. */
async function chatWithReply(user: TTestUser, text = 'tell me a story about the sea') {
  const res = await call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: SERAPHINE, userInput: text, memoryEnabled: false },
  });
  const body = (await res.json()) as { hist: string };
  return body.hist;
}

const report = (user: TTestUser | undefined, json: unknown) =>
  call(t, 'POST', '/api/reports', { user, json });
const adminReports = async (user = owner) =>
  (await (await call(t, 'GET', '/api/admin/reports', { user })).json()) as {
    reports: {
      id: number;
      kind: string;
      note: string;
      messageText: string | null;
      reporter: { id: number };
      character: { id: number; isHidden: boolean } | null;
      context: { position: number; content: string; isReported: boolean }[];
    }[];
  };
const act = (id: number, json: unknown, user: TTestUser | undefined = owner) =>
  call(t, 'POST', `/api/admin/reports/${id}/action`, { user, json });

describe('POST /api/reports', () => {
  it('reports a reply in one of my chats; the owner sees it with the message in context', async () => {
    const me = await createSignedInUser(t.database);
    const uuid = await chatWithReply(me);
    const res = await report(me, {
      kind: 'message',
      chatLogUuid: uuid,
      position: 1,
      reason: 'harmful',
      note: 'Not ok',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const found = (await adminReports()).reports.find((r) => r.id === id)!;
    expect(found.kind).toBe('message');
    expect(found.note).toBe('Not ok');
    expect(found.reporter.id).toBe(me.id);
    expect(found.messageText).toBe('tell me a story… I hear you.');
    expect(found.context.map((m) => m.isReported)).toEqual([false, true]);
    expect(found.context[0]?.content).toBe('tell me a story about the sea');
  });

  it('refuses a reply in someone else’s chat and a message of the person (404), bad bodies (400), signed out (401)', async () => {
    const me = await createSignedInUser(t.database);
    const other = await createSignedInUser(t.database);
    const uuid = await chatWithReply(other);
    expect(
      (await report(me, { kind: 'message', chatLogUuid: uuid, position: 1, reason: 'harmful' })).status,
    ).toBe(404);
    expect(
      (await report(other, { kind: 'message', chatLogUuid: uuid, position: 0, reason: 'harmful' })).status,
    ).toBe(404);
    for (const json of [
      'x',
      {},
      { kind: 'message', chatLogUuid: 'nope', position: 1, reason: 'harmful' },
      { kind: 'message', chatLogUuid: uuid, position: -1, reason: 'harmful' },
      { kind: 'character', characterId: SERAPHINE, reason: 'boring' },
      { kind: 'character', characterId: SERAPHINE, reason: 'other', note: 'x'.repeat(1001) },
    ]) {
      expect((await report(other, json)).status).toBe(400);
    }
    expect(
      (await report(undefined, { kind: 'character', characterId: SERAPHINE, reason: 'other' })).status,
    ).toBe(401);
  });

  it('reports a character I did not make; my own is refused (400), someone else’s private one is missing (404)', async () => {
    const me = await createSignedInUser(t.database);
    const maker = await createSignedInUser(t.database);
    const mine = await insertTestCharacter(t.database.db, { name: 'Mine', userId: me.id });
    const theirs = await insertTestCharacter(t.database.db, { name: 'Theirs', userId: maker.id });
    expect(
      (await report(me, { kind: 'character', characterId: SERAPHINE, reason: 'misleading' })).status,
    ).toBe(201);
    expect((await report(me, { kind: 'character', characterId: mine.id, reason: 'other' })).status).toBe(400);
    expect((await report(me, { kind: 'character', characterId: theirs.id, reason: 'other' })).status).toBe(
      404,
    );
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per person, then 429 with Retry-After`, async () => {
    const me = await createSignedInUser(t.database);
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await report(me, { kind: 'character', characterId: SERAPHINE, reason: 'other' })).status).toBe(
        201,
      );
    }
    const over = await report(me, { kind: 'character', characterId: SERAPHINE, reason: 'other' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the owner acts on a report', () => {
  it('/api/admin/reports is the owner’s alone', async () => {
    const me = await createSignedInUser(t.database);
    expect((await call(t, 'GET', '/api/admin/reports')).status).toBe(401);
    expect((await call(t, 'GET', '/api/admin/reports', { user: me })).status).toBe(403);
    expect((await act(1, { action: 'dismiss' }, me)).status).toBe(403);
    expect(
      (await call(t, 'POST', '/api/admin/reports/1/action', { json: { action: 'dismiss' } })).status,
    ).toBe(401);
    expect((await act(999999, { action: 'dismiss' })).status).toBe(404);
    expect((await act(1, { action: 'explode' })).status).toBe(400);
    expect(
      (await call(t, 'POST', '/api/admin/reports/abc/action', { user: owner, json: { action: 'dismiss' } }))
        .status,
    ).toBe(400);
  });

  it('delete a message: its text goes from the chat, its place stays', async () => {
    const me = await createSignedInUser(t.database);
    const uuid = await chatWithReply(me);
    const { id } = await (
      await report(me, { kind: 'message', chatLogUuid: uuid, position: 1, reason: 'sexual' })
    ).json();
    expect((await act(id, { action: 'delete_message' })).status).toBe(200);
    expect((await findOwnReply(t.database.db, me.id, uuid, 1))?.content).toBe(REMOVED_MESSAGE);
    const closed = (await adminReports()).reports.find((r) => r.id === id) as unknown as {
      status: string;
      action: string;
    };
    expect(closed).toMatchObject({ status: 'closed', action: 'delete_message' });
  });

  it('hide a character: nobody but its maker sees or chats with it', async () => {
    const me = await createSignedInUser(t.database);
    const maker = await createSignedInUser(t.database);
    const made = await insertTestCharacter(t.database.db, { name: 'Hideme', userId: maker.id });
    // A built-in one: reported by someone, hidden for everyone.
    const builtIn = await insertTestCharacter(t.database.db, { name: 'Builtin', userId: null });
    const { id } = await (
      await report(me, { kind: 'character', characterId: builtIn.id, reason: 'harmful' })
    ).json();
    expect((await call(t, 'GET', `/api/character-personas/${builtIn.id}`, { user: me })).status).toBe(200);
    expect((await act(id, { action: 'hide_character' })).status).toBe(200);
    expect((await call(t, 'GET', `/api/character-personas/${builtIn.id}`, { user: me })).status).toBe(404);
    const all = (await (await call(t, 'GET', '/api/character-personas', { user: me })).json()) as {
      id: number;
    }[];
    expect(all.some((c) => c.id === builtIn.id)).toBe(false);
    const reply = await call(t, 'POST', '/assistant-reply-openai', {
      user: me,
      json: { userId: me.id, characterId: builtIn.id, userInput: 'hello' },
    });
    expect(reply.status).toBe(404);
    expect((await call(t, 'GET', `/api/character-personas/${made.id}`, { user: maker })).status).toBe(200);
  });

  it('suspend: only an account the report involves; the person is signed out at once', async () => {
    const me = await createSignedInUser(t.database);
    const stranger = await createSignedInUser(t.database);
    const { id } = await (
      await report(me, { kind: 'character', characterId: SERAPHINE, reason: 'other' })
    ).json();
    const bad = await act(id, { action: 'suspend_account', userId: stranger.id, reason: 'Spam' });
    expect(bad.status).toBe(400);
    expect((await act(id, { action: 'suspend_account', userId: me.id })).status).toBe(400);
    expect((await call(t, 'GET', '/api/safety/ai-notice', { user: me })).status).toBe(200);
    expect(
      (await act(id, { action: 'suspend_account', userId: me.id, reason: 'Abusive reports' })).status,
    ).toBe(200);
    expect((await call(t, 'GET', '/api/safety/ai-notice', { user: me })).status).toBe(401);
  });
});

describe('a suspended person signing in', () => {
  it('is refused and sent to /login with the reason', async () => {
    const app = await startHttpApp();
    try {
      await signInThroughProvider(app.baseUrl, { email: 'susi@example.com', name: 'Susi' });
      const user = await findUserByEmail(app.database.db, 'susi@example.com');
      await suspendUser(app.database.db, user!.id, 'Harassing other people');
      const jar = new Map<string, string>();
      const { action } = await startSignIn(app.baseUrl, jar);
      const res = await request(app.baseUrl, jar, action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: 'susi@example.com',
          password: 'correct horse battery staple',
        }).toString(),
      });
      let current = res;
      let landed = '';
      for (let hops = 0; hops < 15 && current.status >= 300 && current.status < 400; hops++) {
        landed = new URL(current.headers.get('location')!, app.baseUrl).toString();
        if (new URL(landed).pathname === '/login') break;
        current = await request(app.baseUrl, jar, landed);
      }
      expect(new URL(landed).pathname).toBe('/login');
      expect(new URL(landed).searchParams.get('suspended')).toBe('Harassing other people');
      await follow(app.baseUrl, jar, current);
      expect(await (await request(app.baseUrl, jar, '/auth/session')).json()).toBeNull();
    } finally {
      await app.close();
    }
  });
});
