import { describe, expect, it } from 'vitest';
import { relayChunks } from './relay-chunks.ts';

/** A model's stream of `chunks`, failing after them with `error` when given; records what was asked of it. */
function source(chunks: number[], error?: Error) {
  const seen = { closed: 0, pulled: 0 };
  async function* gen() {
    try {
      for (const chunk of chunks) {
        seen.pulled++;
        yield chunk;
      }
      if (error) throw error;
    } finally {
      seen.closed++;
    }
  }
  return { stream: gen(), seen };
}

async function drain(events: AsyncGenerator<string>) {
  const out: string[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The same run as relayChunks, as the async generator it stands for. */
function run(
  chunks: number[],
  opts: { error?: Error; stopAt?: number; throwAt?: number; beginThrows?: boolean } = {},
) {
  const { stream, seen } = source(chunks, opts.error);
  const log: string[] = [];
  const events = relayChunks<number, string>({
    begin() {
      log.push('begin');
      if (opts.beginThrows) throw new Error('no prompt');
      return stream;
    },
    map(chunk) {
      if (chunk === opts.throwAt) throw new Error(`bad ${chunk}`);
      return chunk === opts.stopAt ? null : `delta ${chunk}`;
    },
    onModelOver() {
      log.push('over');
    },
    async *after(failure) {
      log.push(`after ${failure ? (failure.error as Error).message : 'ok'}`);
      yield 'done';
    },
  });
  return { events, seen, log };
}

describe('relayChunks', () => {
  it('maps every chunk, then what follows the model', async () => {
    const { events, seen, log } = run([1, 2, 3]);
    expect(log).toEqual([]); // nothing starts before the first next()
    expect(await drain(events)).toEqual(['delta 1', 'delta 2', 'delta 3', 'done']);
    expect(log).toEqual(['begin', 'over', 'after ok']);
    expect(seen.closed).toBe(1);
  });

  it('stops the model where map says, closing its stream first', async () => {
    const { events, seen, log } = run([1, 2, 3], { stopAt: 2 });
    expect(await drain(events)).toEqual(['delta 1', 'done']);
    expect(seen).toEqual({ closed: 1, pulled: 2 });
    expect(log).toEqual(['begin', 'over', 'after ok']);
  });

  it("hands the model's failure, or map's, to what follows", async () => {
    const failing = run([1], { error: new Error('cut') });
    expect(await drain(failing.events)).toEqual(['delta 1', 'done']);
    expect(failing.log).toEqual(['begin', 'over', 'after cut']);

    const throwing = run([1, 2, 3], { throwAt: 2 });
    expect(await drain(throwing.events)).toEqual(['delta 1', 'done']);
    expect(throwing.seen).toEqual({ closed: 1, pulled: 2 });
    expect(throwing.log).toEqual(['begin', 'over', 'after bad 2']);

    const noStart = run([1], { beginThrows: true });
    expect(await drain(noStart.events)).toEqual(['done']);
    expect(noStart.log).toEqual(['begin', 'over', 'after no prompt']);
  });

  it('closed early, closes the model and never runs what follows', async () => {
    const { events, seen, log } = run([1, 2, 3]);
    for await (const event of events) {
      expect(event).toBe('delta 1');
      break;
    }
    expect(seen).toEqual({ closed: 1, pulled: 1 });
    expect(log).toEqual(['begin', 'over']);
    expect(await events.next()).toEqual({ done: true, value: undefined });

    const unstarted = run([1]);
    await unstarted.events.return(undefined);
    expect(unstarted.log).toEqual([]);
  });
});
