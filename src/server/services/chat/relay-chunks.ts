// A reply's events as the model's chunks mapped one for one, then whatever follows the model (storing the
// reply, its `done` or `error` event). Written by hand rather than as an async generator with a for-await
// loop: each next() while the model writes is the model's own next() and one `.then`, without a
// generator's own promises and turns per delta (bench/reply-pipeline).
import { asAsyncGenerator } from '../../lib/async-generator.ts';

const OVER = Object.freeze({ done: true, value: undefined }) as IteratorReturnResult<undefined>;

export type TRelayChunks<TChunk, TEvent> = {
  /** Starts the model's stream (on the first next(), as a generator's body would); a throw ends it. */
  begin(): AsyncIterator<TChunk>;
  /** The chunk's event, or null to stop the model here (its stream is closed, then `after` runs). */
  map(chunk: TChunk): TEvent | null;
  /** Runs once when the model's stream is over: ended, stopped by `map`, failed, or closed by return(). */
  onModelOver(): void;
  /** What follows the model: `failure` holds what it threw, if it did. */
  after(failure: { error: unknown } | null): AsyncGenerator<TEvent>;
};

/**
 * As `async function*` { try { for await (chunk of begin()) { event = map(chunk); if (!event) break; yield
 * event } } catch (error) { failure = { error } } finally { onModelOver() } yield* after(failure) }`.
 */
export function relayChunks<TChunk, TEvent>(run: TRelayChunks<TChunk, TEvent>): AsyncGenerator<TEvent> {
  let source: AsyncIterator<TChunk> | null = null;
  let tail: AsyncGenerator<TEvent> | null = null;
  let isOver = false;

  const modelOver = () => {
    if (source === null) return;
    source = null;
    run.onModelOver();
  };
  const follow = (failure: { error: unknown } | null) => {
    modelOver();
    tail = run.after(failure);
    return tail.next();
  };
  const failed = (error: unknown) => follow({ error });
  const onResult = (
    result: IteratorResult<TChunk>,
  ): IteratorResult<TEvent> | Promise<IteratorResult<TEvent>> => {
    if (isOver) return OVER; // closed meanwhile
    if (result.done) return follow(null);
    let event: TEvent | null;
    try {
      event = run.map(result.value);
    } catch (error) {
      // As a throw in for-await's body: the model's stream is closed first (its own failure ignored).
      const closing = source?.return?.();
      return closing
        ? closing.then(
            () => failed(error),
            () => failed(error),
          )
        : failed(error);
    }
    if (event !== null) return { done: false, value: event };
    // As `break` in for-await: the model's stream is closed first.
    const closing = source?.return?.();
    return closing ? closing.then(() => follow(null), failed) : follow(null);
  };

  return asAsyncGenerator<TEvent>({
    next() {
      if (tail) return tail.next();
      if (isOver) return Promise.resolve(OVER);
      if (!source) {
        try {
          source = run.begin();
        } catch (error) {
          // No stream to close: only what follows.
          run.onModelOver();
          tail = run.after({ error });
          return tail.next();
        }
      }
      return source.next().then(onResult, failed);
    },
    // As a generator closed at a yield: the model's stream is closed; what follows the model never runs.
    async return(value) {
      isOver = true;
      if (tail) {
        await tail.return(undefined);
      } else if (source) {
        const closing = source;
        try {
          await closing.return?.();
        } finally {
          modelOver();
        }
      }
      return { done: true, value };
    },
  });
}
