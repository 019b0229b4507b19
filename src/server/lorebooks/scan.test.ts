import { describe, expect, it } from 'vitest';
import { book, entry } from '../../test-support/test-lorebooks.ts';
import { scanLorebooks } from './scan.ts';

const ids = (result: ReturnType<typeof scanLorebooks>) => result.entries.map((e) => e.entryId);

describe('scanLorebooks: keys', () => {
  it('activates an entry whose key is named and leaves the others out', () => {
    const result = scanLorebooks({
      books: [
        book([
          entry({ id: 'castle', keys: ['castle'], content: 'The castle has nine towers.' }),
          entry({ id: 'river', keys: ['river'], content: 'The river runs north.' }),
        ]),
      ],
      messages: ['Tell me about the Castle.'],
    });
    expect(ids(result)).toEqual(['castle']);
  });

  it('whole words by default, substrings when asked, and case only when asked', () => {
    const entries = [
      entry({ id: 'cat-word', keys: ['cat'], content: 'a' }),
      entry({ id: 'cat-sub', keys: ['cat'], matchWholeWords: false, content: 'b' }),
      entry({ id: 'Cat-case', keys: ['Cat'], caseSensitive: true, content: 'c' }),
    ];
    expect(ids(scanLorebooks({ books: [book(entries)], messages: ['concatenate'] }))).toEqual(['cat-sub']);
    expect(ids(scanLorebooks({ books: [book(entries)], messages: ['my cat!'] }))).toEqual([
      'cat-word',
      'cat-sub',
    ]);
    expect(ids(scanLorebooks({ books: [book(entries)], messages: ['Cat.'] }))).toEqual([
      'cat-word',
      'cat-sub',
      'Cat-case',
    ]);
  });

  it('whole-word keys in Chinese and Japanese match inside running text (no spaces to find)', () => {
    const entries = [
      entry({ id: 'zh', keys: ['长城'], content: 'zh' }),
      entry({ id: 'ja', keys: ['東京'], content: 'ja' }),
      entry({ id: 'accented', keys: ['café'], content: 'fr' }),
    ];
    const result = scanLorebooks({
      books: [book(entries)],
      messages: ['我想去长城看看', '明日は東京へ行きます', 'cafés'],
    });
    expect(ids(result)).toEqual(['zh', 'ja']);
  });

  it('regex keys, with the entry case setting', () => {
    const entries = [
      entry({ id: 'rx', keys: ['/drag(on|ons)\\b/'], content: 'rx' }),
      entry({ id: 'rx-case', keys: ['/Elf/'], caseSensitive: true, content: 'elf' }),
    ];
    expect(ids(scanLorebooks({ books: [book(entries)], messages: ['DRAGONS and elves'] }))).toEqual(['rx']);
  });

  it('a runaway regex key is refused, never run, and reported', () => {
    const result = scanLorebooks({
      books: [book([entry({ id: 'bad', keys: ['/(a+)+$/'], content: 'x' })])],
      messages: [`${'a'.repeat(50)}!`],
    });
    expect(result.entries).toEqual([]);
    expect(result.refusedKeys).toEqual([
      { entryId: 'bad', key: '/(a+)+$/', reason: expect.stringMatching(/run away/) },
    ]);
  });

  it.each([
    ['and_any', ['sword'], true],
    ['and_any', [], false],
    ['and_all', ['sword', 'shield'], true],
    ['and_all', ['sword'], false],
    ['not_any', [], true],
    ['not_any', ['shield'], false],
    ['not_all', ['sword'], true],
    ['not_all', ['sword', 'shield'], false],
  ] as const)('secondary logic %s with %j named: %s', (logic, named, active) => {
    const knight = entry({
      id: 'knight',
      keys: ['knight'],
      secondaryKeys: ['sword', 'shield'],
      selectiveLogic: logic,
      content: 'k',
    });
    const result = scanLorebooks({ books: [book([knight])], messages: [['the knight', ...named].join(' ')] });
    expect(ids(result)).toEqual(active ? ['knight'] : []);
  });

  it('disabled entries never activate; constant ones always do', () => {
    const result = scanLorebooks({
      books: [
        book([
          entry({ id: 'off', keys: ['moon'], enabled: false, content: 'off' }),
          entry({ id: 'always', constant: true, content: 'always' }),
        ]),
      ],
      messages: ['the moon'],
    });
    expect(ids(result)).toEqual(['always']);
  });

  it('scans only the book scan depth of recent messages', () => {
    const wolf = entry({ id: 'wolf', keys: ['wolf'], content: 'w' });
    const messages = ['a wolf howls', 'hello', 'how are you'];
    expect(ids(scanLorebooks({ books: [book([wolf], { scanDepth: 2 })], messages }))).toEqual([]);
    expect(ids(scanLorebooks({ books: [book([wolf], { scanDepth: 3 })], messages }))).toEqual(['wolf']);
  });

  it('probability: an entry rolls its chance once per reply', () => {
    const rare = entry({ id: 'rare', keys: ['gold'], probability: 30, content: 'r' });
    expect(ids(scanLorebooks({ books: [book([rare])], messages: ['gold'], random: () => 0.29 }))).toEqual([
      'rare',
    ]);
    expect(ids(scanLorebooks({ books: [book([rare])], messages: ['gold'], random: () => 0.3 }))).toEqual([]);
  });
});

describe('scanLorebooks: recursion', () => {
  const chain = [
    entry({ id: 'a', keys: ['alpha'], content: 'alpha leads to bravo' }),
    entry({ id: 'b', keys: ['bravo'], content: 'bravo leads to charlie' }),
    entry({ id: 'c', keys: ['charlie'], content: 'charlie leads to delta' }),
    entry({ id: 'd', keys: ['delta'], content: 'delta is the end' }),
  ];

  it('without recursive scanning, entry content triggers nothing', () => {
    expect(ids(scanLorebooks({ books: [book(chain)], messages: ['alpha'] }))).toEqual(['a']);
  });

  it('recursion follows entry content and stops at the step limit', () => {
    const limited = scanLorebooks({
      books: [book(chain, { recursiveScanning: true, maxRecursionSteps: 2 })],
      messages: ['alpha'],
    });
    expect(limited.entries.map((e) => [e.entryId, e.step])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    const all = scanLorebooks({
      books: [book(chain, { recursiveScanning: true, maxRecursionSteps: 5 })],
      messages: ['alpha'],
    });
    expect(ids(all)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('scanLorebooks: order and budget', () => {
  const fourTokens = 'abcd efgh ijkl m'; // 16 characters: 4 tokens

  it('orders constant first, then by insertion order (higher first)', () => {
    const result = scanLorebooks({
      books: [
        book([
          entry({ id: 'low', keys: ['x'], insertionOrder: 1, content: fourTokens }),
          entry({ id: 'high', keys: ['x'], insertionOrder: 50, content: fourTokens }),
          entry({ id: 'const', constant: true, insertionOrder: 0, content: fourTokens }),
        ]),
      ],
      messages: ['x'],
    });
    expect(ids(result)).toEqual(['const', 'high', 'low']);
  });

  it('the token budget drops the lowest entries', () => {
    const result = scanLorebooks({
      books: [
        book(
          [
            entry({ id: 'o10', keys: ['x'], insertionOrder: 10, content: fourTokens }),
            entry({ id: 'o30', keys: ['x'], insertionOrder: 30, content: fourTokens }),
            entry({ id: 'o20', keys: ['x'], insertionOrder: 20, content: fourTokens }),
            entry({ id: 'const', constant: true, insertionOrder: 0, content: fourTokens }),
          ],
          { tokenBudget: 12 },
        ),
      ],
      messages: ['x'],
    });
    expect(ids(result)).toEqual(['const', 'o30', 'o20']);
    expect(result.dropped.map((e) => e.entryId)).toEqual(['o10']);
  });

  it('each book keeps its own settings and budget', () => {
    const result = scanLorebooks({
      books: [
        book([entry({ id: 'one', keys: ['x'], content: fourTokens })], { tokenBudget: 3 }, 'small'),
        book([entry({ id: 'two', keys: ['x'], content: fourTokens })], { tokenBudget: 100 }, 'large'),
      ],
      messages: ['x'],
    });
    expect(result.entries.map((e) => `${e.bookId}/${e.entryId}`)).toEqual(['large/two']);
  });
});
