// A SillyTavern world info file in and out as it came, and a book attached to a chat (only their own to their own).
import { describe, expect, it } from 'vitest';
import type { TLorebook } from '../../shared/lorebooks.ts';
import { createBook, jsonOf as json, uploadJson } from '../../test-support/lorebook-calls.ts';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';

const SERAPHINE = 1;
const t = setUpTestApp();
const me = setUpPerson(t);
const other = setUpPerson(t);

const newBook = (user: TTestUser, name?: string) => createBook(t, user, name);
const upload = (user: TTestUser | undefined, path: string, field: string, name: string, content: unknown) =>
  uploadJson(t, user, path, field, name, content);

describe('world info files and chats', () => {
  const worldInfo = {
    entries: {
      '0': {
        uid: 0,
        key: ['tavern'],
        keysecondary: [],
        comment: 'Tavern',
        content: 'The Gilded Goose.',
        order: 5,
        position: 0,
        disable: false,
      },
    },
  };

  it('imports a SillyTavern world info file and exports it as it came', async () => {
    const book = await json<TLorebook>(
      await upload(me, '/upload/lorebook', 'file', 'Tavern.json', worldInfo),
      201,
    );
    expect(book).toMatchObject({ name: 'Tavern', entries: [{ keys: ['tavern'], insertionOrder: 5 }] });
    const res = await call(t, 'GET', `/api/lorebooks/${book.id}/world-info`, { user: me });
    expect(res.headers.get('content-disposition')).toContain('Tavern.json');
    expect(await res.json()).toStrictEqual(worldInfo);
    const bad = await upload(me, '/upload/lorebook', 'file', 'x.json', { hello: 'world' });
    expect(bad.status).toBe(400);
    const notJson = new FormData();
    notJson.append('file', new File(['not json'], 'x.json'));
    expect((await call(t, 'POST', '/upload/lorebook', { user: me, body: notJson })).status).toBe(400);
  });

  it('attaches a book to a chat: only their own book to their own chat', async () => {
    const book = await newBook(me, 'Chat book');
    const theirBook = await newBook(other, 'Their book');
    const { uuid } = await json<{ uuid: string }>(
      await call(t, 'POST', '/api/chatlogs', {
        user: me,
        json: { userId: me.id, characterId: SERAPHINE, conversation: [{ role: 'user', content: 'Hello' }] },
      }),
      201,
    );
    expect(
      await json(await call(t, 'PUT', `/api/chatlogs/${uuid}/lorebooks/${book.id}`, { user: me }), 200),
    ).toEqual({
      lorebookIds: [book.id],
    });
    expect(
      (await call(t, 'PUT', `/api/chatlogs/${uuid}/lorebooks/${theirBook.id}`, { user: me })).status,
    ).toBe(404);
    expect(
      (await call(t, 'PUT', `/api/chatlogs/${uuid}/lorebooks/${theirBook.id}`, { user: other })).status,
    ).toBe(404);
    expect((await call(t, 'GET', `/api/chatlogs/${uuid}/lorebooks`, { user: other })).status).toBe(404);
    expect((await call(t, 'PUT', '/api/chatlogs/not-a-uuid/lorebooks/1', { user: me })).status).toBe(400);
    expect(
      await json(await call(t, 'DELETE', `/api/chatlogs/${uuid}/lorebooks/${book.id}`, { user: me }), 200),
    ).toEqual({
      lorebookIds: [],
    });
  });
});
