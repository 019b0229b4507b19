import { describe, expect, it } from 'vitest';
import type { TLorebook, TLorebookSummary, TLoreEntry } from '../../shared/lorebooks.ts';
import { DEFAULT_LOREBOOK_SETTINGS, ZLoreEntryInput } from '../../shared/lorebooks.ts';
import { createBook, jsonOf, uploadJson } from '../../test-support/lorebook-calls.ts';
import { seraphinaCard } from '../../test-support/seraphina-card.ts';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { expectSignedOutRefused } from '../../test-support/signed-out.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { insertLorebook } from '../db/queries/lorebooks.ts';

const SERAPHINE = 1;
const GANONDORF = 2;
const IMANI = 9;

const t = setUpTestApp();
const me = setUpPerson(t);
const other = setUpPerson(t);

const json = jsonOf;
const newBook = (user: TTestUser, name?: string) => createBook(t, user, name);
const addEntry = (user: TTestUser, bookId: number, entry: Record<string, unknown>) =>
  call(t, 'POST', `/api/lorebooks/${bookId}/entries`, { user, json: entry });
const upload = (user: TTestUser | undefined, path: string, field: string, name: string, content: unknown) =>
  uploadJson(t, user, path, field, name, content);

describe('lorebooks and entries', () => {
  it('a person makes a book, adds, edits and deletes entries, and changes its settings', async () => {
    const book = await newBook(me);
    expect(book).toMatchObject({
      name: 'Worldbuilding',
      entries: [],
      canEdit: true,
      settings: DEFAULT_LOREBOOK_SETTINGS,
    });
    const added = await json<TLoreEntry>(
      await addEntry(me, book.id, {
        keys: ['castle', '/tower(s)?/i'],
        content: 'The castle has nine towers.',
      }),
      201,
    );
    expect(added).toMatchObject({
      keys: ['castle', '/tower(s)?/i'],
      position: 'before_char',
      probability: 100,
    });
    const edited = await json<TLoreEntry>(
      await call(t, 'PUT', `/api/lorebooks/${book.id}/entries/${added.id}`, {
        user: me,
        json: { ...added, content: 'Ten towers now.', position: 'at_depth', depth: 2 },
      }),
      200,
    );
    expect(edited).toMatchObject({ content: 'Ten towers now.', position: 'at_depth', depth: 2 });
    const patched = await json<TLorebook>(
      await call(t, 'PATCH', `/api/lorebooks/${book.id}`, {
        user: me,
        json: { alwaysOn: true, settings: { scanDepth: 10, recursiveScanning: true } },
      }),
      200,
    );
    expect(patched).toMatchObject({
      alwaysOn: true,
      settings: { scanDepth: 10, recursiveScanning: true, tokenBudget: 512 },
    });
    const list = await json<TLorebookSummary[]>(await call(t, 'GET', '/api/lorebooks', { user: me }), 200);
    expect(list.find((b) => b.id === book.id)).toMatchObject({ entryCount: 1 });
    await json(await call(t, 'DELETE', `/api/lorebooks/${book.id}/entries/${added.id}`, { user: me }), 200);
    expect(
      (await json<TLorebook>(await call(t, 'GET', `/api/lorebooks/${book.id}`, { user: me }), 200)).entries,
    ).toEqual([]);
    await json(await call(t, 'DELETE', `/api/lorebooks/${book.id}`, { user: me }), 200);
    await json(await call(t, 'GET', `/api/lorebooks/${book.id}`, { user: me }), 404);
  });

  it('signed out: 401 on every call', async () => {
    await expectSignedOutRefused(
      t,
      [
        ['GET', '/api/lorebooks'],
        ['POST', '/api/lorebooks'],
        ['GET', '/api/lorebooks/1'],
        ['PATCH', '/api/lorebooks/1'],
        ['POST', '/api/lorebooks/1/entries'],
        ['GET', `/api/character-personas/${SERAPHINE}/lorebook`],
      ],
      { name: 'x' },
    );
    expect((await upload(undefined, '/upload/lorebook', 'file', 'a.json', { entries: {} })).status).toBe(401);
  });

  it("another person's book is not found, and nothing of it changes", async () => {
    const mine = await newBook(me, 'Private');
    const entry = await json<TLoreEntry>(
      await addEntry(me, mine.id, { keys: ['k'], content: 'secret' }),
      201,
    );
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/lorebooks/${mine.id}`],
      ['GET', `/api/lorebooks/${mine.id}/world-info`],
      ['PATCH', `/api/lorebooks/${mine.id}`, { name: 'Stolen' }],
      ['DELETE', `/api/lorebooks/${mine.id}`],
      ['POST', `/api/lorebooks/${mine.id}/entries`, { keys: ['x'], content: 'x' }],
      ['PUT', `/api/lorebooks/${mine.id}/entries/${entry.id}`, { keys: ['x'], content: 'x' }],
      ['DELETE', `/api/lorebooks/${mine.id}/entries/${entry.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(t, method, path, { user: other, json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
    const after = await json<TLorebook>(await call(t, 'GET', `/api/lorebooks/${mine.id}`, { user: me }), 200);
    expect(after).toMatchObject({ name: 'Private', entries: [{ content: 'secret' }] });
    // An entry id from one book cannot be reached through another book the person owns.
    const theirs = await newBook(other);
    const res = await call(t, 'PUT', `/api/lorebooks/${theirs.id}/entries/${entry.id}`, {
      user: other,
      json: { keys: ['x'], content: 'x' },
    });
    expect(res.status).toBe(404);
  });

  it('malformed entries and books get a 400 with a message; nothing is stored', async () => {
    const book = await newBook(me, 'Checks');
    const bad: Record<string, unknown>[] = [
      {},
      { keys: 'castle', content: 'x' },
      { keys: ['castle'], content: 42 },
      { keys: ['castle'], content: 'x', probability: 101 },
      { keys: ['castle'], content: 'x', position: 'middle' },
      { keys: ['castle'], content: 'x', selectiveLogic: 'sometimes' },
      { keys: [''], content: 'x' },
      { keys: [], content: 'no key and not constant' },
      { keys: ['castle'], content: 'x'.repeat(8001) },
      { keys: Array.from({ length: 51 }, (_, i) => `k${i}`), content: 'x' },
      { keys: ['x'.repeat(201)], content: 'x' },
      { keys: ['/(unclosed/'], content: 'x' },
      { keys: ['/castle/g'], content: 'x' },
      { keys: ['castle'], content: `nul ${String.fromCharCode(0)}` },
    ];
    for (const entry of bad) {
      const res = await addEntry(me, book.id, entry);
      expect(res.status, JSON.stringify(entry).slice(0, 80)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
    }
    for (const body of [
      {},
      { name: '' },
      { name: 'x', settings: { scanDepth: 0 } },
      { name: 'x', settings: { tokenBudget: 10 ** 9 } },
    ]) {
      expect((await call(t, 'POST', '/api/lorebooks', { user: me, json: body })).status).toBe(400);
    }
    expect((await call(t, 'GET', '/api/lorebooks/abc', { user: me })).status).toBe(400);
    const after = await json<TLorebook>(await call(t, 'GET', `/api/lorebooks/${book.id}`, { user: me }), 200);
    expect(after.entries).toEqual([]);
  });

  it('regexes that could run away are refused with a reason', async () => {
    const book = await newBook(me, 'Regexes');
    for (const key of ['/(a+)+$/', '/(x|xx)*y/', '/(\\w+\\s?)*$/', '/(a)\\1/']) {
      const res = await addEntry(me, book.id, { keys: ['ok'], secondaryKeys: [key], content: 'x' });
      expect(res.status, key).toBe(400);
      expect((await res.json()).message).toContain(key);
    }
    expect((await addEntry(me, book.id, { keys: ['/drag(on|ons)\\b/i'], content: 'safe' })).status).toBe(201);
  });

  it('over the limits: books per person and entries per book are 409', async () => {
    const user = await createSignedInUser(t.database);
    for (let i = 0; i < 200; i += 1) {
      await insertLorebook(
        t.database.db,
        {
          userId: user.id,
          name: `b${i}`,
          description: '',
          alwaysOn: false,
          settings: DEFAULT_LOREBOOK_SETTINGS,
        },
        [],
      );
    }
    const res = await call(t, 'POST', '/api/lorebooks', { user, json: { name: 'one too many' } });
    expect(res.status).toBe(409);
    const full = await insertLorebook(
      t.database.db,
      { userId: me.id, name: 'Full', description: '', alwaysOn: false, settings: DEFAULT_LOREBOOK_SETTINGS },
      Array.from({ length: 1000 }, (_, i) => ({
        fields: ZLoreEntryInput.parse({ keys: [`k${i}`], content: 'c' }),
      })),
    );
    const over = await addEntry(me, full.id, { keys: ['x'], content: 'x' });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/1000 entries/),
    });
  });
});

describe("built-in characters' books and a character's own book", () => {
  it('two of the cast ship a book, readable by anyone and changed by no one', async () => {
    for (const id of [SERAPHINE, IMANI]) {
      const { lorebook } = await json<{ lorebook: TLorebook }>(
        await call(t, 'GET', `/api/character-personas/${id}/lorebook`, { user: me }),
        200,
      );
      expect(lorebook.entries.length).toBeGreaterThanOrEqual(3);
      expect(lorebook.canEdit).toBe(false);
      const res = await call(t, 'PATCH', `/api/lorebooks/${lorebook.id}`, {
        user: me,
        json: { name: 'Mine now' },
      });
      expect(res.status).toBe(403);
      expect((await addEntry(me, lorebook.id, { keys: ['x'], content: 'x' })).status).toBe(403);
      expect((await call(t, 'DELETE', `/api/lorebooks/${lorebook.id}`, { user: me })).status).toBe(403);
    }
    const none = await json<{ lorebook: null }>(
      await call(t, 'GET', `/api/character-personas/${GANONDORF}/lorebook`, { user: me }),
      200,
    );
    expect(none.lorebook).toBeNull();
    // Nobody can start a book for a built-in character.
    expect(
      (await call(t, 'POST', `/api/character-personas/${GANONDORF}/lorebook`, { user: me })).status,
    ).toBe(403);
  });

  it("an imported card's book becomes the character's own; only its owner may edit it; others cannot see it", async () => {
    const imported = await json<{ id: number }>(
      await upload(me, '/upload/character-card', 'card', 'seraphina.json', seraphinaCard),
      201,
    );
    const { lorebook } = await json<{ lorebook: TLorebook }>(
      await call(t, 'GET', `/api/character-personas/${imported.id}/lorebook`, { user: me }),
      200,
    );
    expect(lorebook).toMatchObject({ name: "Seraphina's Lore", canEdit: true, characterId: imported.id });
    expect(lorebook.entries.map((e) => e.comment)).toEqual(['Eldoria', 'Shadowfangs', "Seraphina's glade"]);
    expect(
      (await call(t, 'GET', `/api/character-personas/${imported.id}/lorebook`, { user: other })).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/api/character-personas/${imported.id}/lorebook`, { user: other })).status,
    ).toBe(404);
    expect((await call(t, 'GET', `/api/lorebooks/${lorebook.id}`, { user: other })).status).toBe(404);
  });

  it('a card export carries the book exactly, and carries edits made in Kindred', async () => {
    const imported = await json<{ id: number }>(
      await upload(me, '/upload/character-card', 'card', 'seraphina.json', seraphinaCard),
      201,
    );
    const exported = async () =>
      (
        await (
          await call(t, 'GET', `/api/character-cards/${imported.id}?format=json&version=v2`, { user: me })
        ).json()
      ).data.character_book;
    expect(await exported()).toStrictEqual(seraphinaCard.data.character_book);
    const { lorebook } = await json<{ lorebook: TLorebook }>(
      await call(t, 'GET', `/api/character-personas/${imported.id}/lorebook`, { user: me }),
      200,
    );
    const [first] = lorebook.entries;
    if (!first) throw new Error('no entry');
    await json(
      await call(t, 'PUT', `/api/lorebooks/${lorebook.id}/entries/${first.id}`, {
        user: me,
        json: { ...first, content: 'Eldoria, edited.' },
      }),
      200,
    );
    const after = await exported();
    expect(after.entries[0]).toStrictEqual({
      ...seraphinaCard.data.character_book.entries[0],
      content: 'Eldoria, edited.',
    });
    expect(after.entries[1]).toStrictEqual(seraphinaCard.data.character_book.entries[1]);
  });
});
