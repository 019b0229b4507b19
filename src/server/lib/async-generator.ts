// The hand-written async generators of the reply path (a model's stream, its gate, a reply's events):
// each writes its own next() and return(); the rest of the protocol is the same for all of them.

/** An AsyncGenerator from `next` and `return`: throw() closes it, then throws; it is its own iterator. */
export function asAsyncGenerator<T>(own: {
  next(): Promise<IteratorResult<T>>;
  return(value?: unknown): Promise<IteratorResult<T>>;
}): AsyncGenerator<T> {
  const self: AsyncGenerator<T> = {
    next: () => own.next(),
    return: (value) => own.return(value),
    async throw(error) {
      await own.return(undefined);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return self;
    },
    async [Symbol.asyncDispose]() {
      await own.return(undefined);
    },
  };
  return self;
}
