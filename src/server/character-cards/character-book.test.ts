import { describe, expect, it } from 'vitest';
import { seraphinaCard } from '../../test-support/seraphina-card.ts';
import { v2Card } from '../../test-support/test-cards.ts';
import { bookFromCard, bookToCard } from './character-book.ts';
import { parseWorldInfo, writeWorldInfo } from './world-info.ts';

describe('character_book codec', () => {
  it('maps a SillyTavern card book field by field', () => {
    const book = bookFromCard(seraphinaCard.data.character_book);
    expect(book?.name).toBe("Seraphina's Lore");
    expect(book?.entries.map((entry) => entry.fields)).toEqual([
      expect.objectContaining({
        keys: ['eldoria', 'the forest'],
        comment: 'Eldoria',
        position: 'before_char',
      }),
      expect.objectContaining({ keys: ['shadowfang', 'shadowfangs', 'beasts'], insertionOrder: 100 }),
      expect.objectContaining({ keys: ['glade', 'sanctuary'], position: 'after_char', depth: 4 }),
    ]);
    expect(book?.entries[0]?.fields).toMatchObject({
      enabled: true,
      constant: false,
      caseSensitive: false,
      matchWholeWords: true,
      probability: 100,
      selectiveLogic: 'and_any',
    });
  });

  it.each([
    ['the test card', v2Card.data.character_book],
    ['the Seraphina card', seraphinaCard.data.character_book],
  ])('%s: an unedited book is exported exactly (every field, extensions included)', (_name, original) => {
    const book = bookFromCard(structuredClone(original));
    expect(book).not.toBeNull();
    expect(bookToCard(book as NonNullable<typeof book>)).toStrictEqual(original);
  });

  it('an edit changes only the edited fields; the rest of the entry stays as imported', () => {
    const book = bookFromCard(structuredClone(seraphinaCard.data.character_book));
    if (!book?.entries[1]) throw new Error('no book');
    book.entries[1].fields = {
      ...book.entries[1].fields,
      content: 'Edited.',
      position: 'at_depth',
      depth: 2,
    };
    book.settings = { ...book.settings, tokenBudget: 300 };
    const card = bookToCard(book);
    const entries = card.entries as Record<string, unknown>[];
    const original = seraphinaCard.data.character_book.entries[1];
    expect(entries[1]).toStrictEqual({
      ...original,
      content: 'Edited.',
      position: 'before_char',
      extensions: { ...original?.extensions, position: 4, depth: 2 },
    });
    expect(entries[0]).toStrictEqual(seraphinaCard.data.character_book.entries[0]);
    expect(card.token_budget).toBe(300);
  });

  it('reads SillyTavern selective logic, probability and positions from the extensions', () => {
    const book = bookFromCard({
      entries: [
        {
          keys: 'king, queen',
          secondary_keys: ['crown'],
          selective: true,
          content: 'c',
          extensions: { selectiveLogic: 3, probability: 40, useProbability: true, position: 4, depth: 1 },
        },
        {
          keys: ['x'],
          secondary_keys: ['y'],
          selective: false,
          content: 'd',
          extensions: { selectiveLogic: 2 },
        },
      ],
    });
    expect(book?.entries[0]?.fields).toMatchObject({
      keys: ['king', 'queen'],
      secondaryKeys: ['crown'],
      selectiveLogic: 'and_all',
      probability: 40,
      position: 'at_depth',
      depth: 1,
    });
    // Not selective: the spec ignores its secondary keys.
    expect(book?.entries[1]?.fields).toMatchObject({ secondaryKeys: [], selectiveLogic: 'not_any' });
  });
});

describe('SillyTavern world info JSON', () => {
  const worldInfo = {
    entries: {
      '0': {
        uid: 0,
        key: ['tavern'],
        keysecondary: ['ale'],
        comment: 'The tavern',
        content: 'The Gilded Goose serves honey ale.',
        constant: false,
        selective: true,
        selectiveLogic: 2,
        order: 50,
        position: 4,
        disable: false,
        probability: 70,
        useProbability: true,
        depth: 3,
        caseSensitive: null,
        matchWholeWords: false,
        displayIndex: 0,
        group: '',
        sticky: 0,
      },
      '1': {
        uid: 1,
        key: ['/dragons?/i'],
        content: 'Dragons sleep in winter.',
        disable: true,
        order: 10,
        position: 1,
      },
    },
    extra_top_level: { kept: true },
  };

  it('imports each entry with its settings and exports the file as it was', () => {
    const book = parseWorldInfo(Buffer.from(JSON.stringify(worldInfo)), 'Tavern book');
    expect(book.name).toBe('Tavern book');
    expect(book.entries.map((entry) => entry.fields)).toEqual([
      expect.objectContaining({
        keys: ['tavern'],
        secondaryKeys: ['ale'],
        selectiveLogic: 'not_any',
        insertionOrder: 50,
        position: 'at_depth',
        depth: 3,
        probability: 70,
        matchWholeWords: false,
        comment: 'The tavern',
      }),
      expect.objectContaining({ keys: ['/dragons?/i'], enabled: false, position: 'after_char' }),
    ]);
    expect(JSON.parse(writeWorldInfo(book))).toStrictEqual(worldInfo);
  });

  it('a book made in Kindred exports as world info that reads back the same', () => {
    const book = parseWorldInfo(Buffer.from(JSON.stringify(worldInfo)), 'x');
    const made = {
      ...book,
      source: null,
      entries: book.entries.map((entry) => ({ ...entry, source: null })),
    };
    const again = parseWorldInfo(Buffer.from(writeWorldInfo(made)), 'x');
    expect(again.entries.map((entry) => entry.fields)).toEqual(book.entries.map((entry) => entry.fields));
  });

  it('refuses a file that is not world info', () => {
    expect(() => parseWorldInfo(Buffer.from('{"hello": 1}'), 'x')).toThrow(/not a world info book/);
  });
});
