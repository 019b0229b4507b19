import { describe, expect, it } from 'vitest';
import type { TReplyChunk } from './chat-model.ts';
import { createThoughtsParser, parseThoughts } from './thoughts-parser.ts';

function collect(chunks: TReplyChunk[]): { thoughts: string; text: string } {
  return {
    thoughts: chunks
      .filter((c) => c.type === 'thoughts')
      .map((c) => c.text)
      .join(''),
    text: chunks
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join(''),
  };
}

function run(deltas: string[], maxThoughtsChars?: number): { thoughts: string; text: string } {
  const parser = createThoughtsParser({ maxThoughtsChars });
  const chunks = deltas.flatMap((d) => parser.push(d));
  chunks.push(...parser.end());
  return collect(chunks);
}

/** Deterministic PRNG so a failing split can be reproduced. */
function makeRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function randomSplit(s: string, random: () => number): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < s.length) {
    const size = 1 + Math.floor(random() * 6);
    parts.push(s.slice(i, i + size));
    i += size;
  }
  return parts;
}

const cases: { name: string; raw: string; thoughts: string; text: string }[] = [
  {
    name: 'well-formed thoughts then reply',
    raw: '<thoughts>She seems sad. I should be gentle.</thoughts>\n\nOh, friend. What happened?',
    thoughts: 'She seems sad. I should be gentle.',
    text: 'Oh, friend. What happened?',
  },
  {
    name: 'no tags at all',
    raw: 'Hello there! How are you?',
    thoughts: '',
    text: 'Hello there! How are you?',
  },
  {
    name: 'extra whitespace everywhere',
    raw: '  \n <thoughts>\n   calm down  \n</thoughts>   \n\n  Fine.  \n',
    thoughts: 'calm down',
    text: 'Fine.',
  },
  {
    name: 'tags in other case and with spaces inside',
    raw: '< THOUGHTS >Hmm.</Thoughts >Yes.',
    thoughts: 'Hmm.',
    text: 'Yes.',
  },
  { name: 'think tag variant', raw: '<think>plan</think>Sure thing.', thoughts: 'plan', text: 'Sure thing.' },
  {
    name: 'thoughts after the reply',
    raw: 'I am glad you came. <thoughts>He looks tired.</thoughts>',
    thoughts: 'He looks tired.',
    text: 'I am glad you came.',
  },
  {
    name: 'thoughts in the middle of the reply',
    raw: 'Well...<thoughts>careful</thoughts>maybe.',
    thoughts: 'careful',
    text: 'Well... maybe.',
  },
  {
    name: 'two thought blocks',
    raw: '<thoughts>one</thoughts>Hi.<thoughts>two</thoughts>',
    thoughts: 'one\n\ntwo',
    text: 'Hi.',
  },
  {
    name: 'missing closing tag, blank line before the reply',
    raw: '<thoughts>I should tease him a little.\n\nOh, you again? Welcome back.',
    thoughts: 'I should tease him a little.',
    text: 'Oh, you again? Welcome back.',
  },
  {
    name: 'missing closing tag and no blank line: all reply',
    raw: '<thoughts>Nice to see you, how was your day?',
    thoughts: '',
    text: 'Nice to see you, how was your day?',
  },
  {
    name: 'unclosed thoughts after the reply stay thoughts',
    raw: 'See you tomorrow. <thoughts>I hope he comes back',
    thoughts: 'I hope he comes back',
    text: 'See you tomorrow.',
  },
  { name: 'stray closing tag is dropped', raw: 'Hi</thoughts> there', thoughts: '', text: 'Hi there' },
  {
    name: 'angle brackets that are not tags stay in the text',
    raw: 'I <3 you, 2 < 3 and <b>bold</b> <th',
    thoughts: '',
    text: 'I <3 you, 2 < 3 and <b>bold</b>',
  },
  {
    name: 'only thoughts, closed',
    raw: '<thoughts>nothing to say</thoughts>',
    thoughts: 'nothing to say',
    text: '',
  },
  { name: 'empty stream', raw: '', thoughts: '', text: '' },
  {
    name: 'duplicate opening tag inside thoughts',
    raw: '<thoughts>a <thoughts>b</thoughts>c',
    thoughts: 'a b',
    text: 'c',
  },
  {
    name: 'unicode survives',
    raw: '<thoughts>😊 ça va</thoughts>Très bien — 谢谢!',
    thoughts: '😊 ça va',
    text: 'Très bien — 谢谢!',
  },
];

describe('thoughts parser', () => {
  for (const c of cases) {
    it(`${c.name} (whole)`, () => {
      expect(run([c.raw])).toEqual({ thoughts: c.thoughts, text: c.text });
    });

    it(`${c.name} (one character per delta)`, () => {
      expect(run([...c.raw])).toEqual({ thoughts: c.thoughts, text: c.text });
    });

    it(`${c.name} (200 random splits)`, () => {
      const random = makeRandom(c.raw.length + 7);
      for (let i = 0; i < 200; i++) {
        const parts = randomSplit(c.raw, random);
        expect(run(parts), JSON.stringify(parts)).toEqual({ thoughts: c.thoughts, text: c.text });
      }
    });
  }

  it('streams reply text before the stream ends, holding back only a possible tag', () => {
    const parser = createThoughtsParser();
    expect(parser.push('<thoughts>x</thoughts>Hello')).toEqual([
      { type: 'thoughts', text: 'x' },
      { type: 'text', text: 'Hello' },
    ]);
    expect(parser.push(' wor')).toEqual([{ type: 'text', text: ' wor' }]);
    expect(parser.push('ld <tho')).toEqual([{ type: 'text', text: 'ld' }]);
    expect(parser.push('ughts>later')).toEqual([]);
    expect(parser.end()).toEqual([{ type: 'thoughts', text: '\n\nlater' }]);
  });

  it('does not stream thoughts before their block closes', () => {
    const parser = createThoughtsParser();
    expect(parser.push('<thoughts>secret plan')).toEqual([]);
    expect(parser.push('</thoughts>')).toEqual([{ type: 'thoughts', text: 'secret plan' }]);
  });

  it('a long unclosed thoughts run ends at its first blank line and the rest streams as reply', () => {
    const parser = createThoughtsParser({ maxThoughtsChars: 40 });
    expect(parser.push('<thoughts>He is late again.\n\nWhere were you? I waited ')).toEqual([
      { type: 'thoughts', text: 'He is late again.' },
      { type: 'text', text: 'Where were you? I waited' },
    ]);
    expect(parser.push('all day.')).toEqual([{ type: 'text', text: ' all day.' }]);
    expect(parser.end()).toEqual([]);
  });

  it('a long unclosed run with no blank line ends after its last sentence', () => {
    expect(run(['<thoughts>I feel odd. Something is off. Hello th', 'ere, stranger.'], 30)).toEqual({
      thoughts: 'I feel odd. Something is off.',
      text: 'Hello there, stranger.',
    });
  });

  it('a long unclosed run with no sentence end is all thoughts and what follows is reply', () => {
    expect(run(['<thoughts>hmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm', ' so, hi'], 20)).toEqual({
      thoughts: 'hmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm',
      text: 'so, hi',
    });
  });

  it('parseThoughts turns an async stream of deltas into chunks', async () => {
    async function* deltas() {
      yield '<thou';
      yield 'ghts>calm</th';
      yield 'oughts> Hi';
    }
    const chunks: TReplyChunk[] = [];
    for await (const chunk of parseThoughts(deltas())) chunks.push(chunk);
    expect(chunks).toEqual([
      { type: 'thoughts', text: 'calm' },
      { type: 'text', text: 'Hi' },
    ]);
  });
});
