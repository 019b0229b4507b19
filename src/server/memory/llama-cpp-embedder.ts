// A sentence-embedding GGUF (e.g. bge-small-en-v1.5, nomic-embed-text-v1.5) run by node-llama-cpp, once the
// owner has downloaded one into the data folder: stronger than the Universal Sentence Encoder lite.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import { loadPrebuiltModel, type TLoadedModel } from '../ai/providers/prebuilt-llama.ts';
import { EMBEDDING_DIMENSIONS, normalise, type TEmbedder } from './embedder.ts';
import { createPriorityRuns } from './priority-runs.ts';

/** The embedding GGUF Kindred looks for in $DATA_DIR/models. */
export const EMBEDDING_GGUF_FILE = 'bge-small-en-v1.5-q8_0.gguf';

/** The id stored beside the vectors an embedding GGUF made. */
export const llamaCppEmbedderId = (fileName: string) => `llama-cpp-embed:${fileName}`;

/**
 * The model's vector as the column's 512 numbers: a shorter one (bge-small: 384) is padded with zeros, which
 * keeps every cosine the same; a longer one keeps its first 512 (nomic-embed v1.5 is trained to be cut so).
 */
export function toColumnWidth(vector: readonly number[]): number[] {
  const out = vector.slice(0, EMBEDDING_DIMENSIONS);
  while (out.length < EMBEDDING_DIMENSIONS) out.push(0);
  return normalise(out);
}

export type TLlamaCppEmbedder = TEmbedder & { dispose(): Promise<void> };

export function createLlamaCppEmbedder(options: {
  modelPath: string;
  gpu?: false | 'auto';
  threads?: number;
}): TLlamaCppEmbedder {
  type TLoaded = TLoadedModel<LlamaEmbeddingContext>;
  let loading: Promise<TLoaded> | null = null;
  const load = (): Promise<TLoaded> =>
    loadPrebuiltModel(options, (model) =>
      model.createEmbeddingContext({
        contextSize: { max: 512 },
        threads: options.threads ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      }),
    );
  const loaded = () => {
    if (!loading) {
      loading = load();
      // A failed load is tried again next time (the file may have been replaced meanwhile).
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };

  const embedOne = async (text: string): Promise<number[]> => {
    const { context, model } = await loaded();
    // Longer texts than the context are cut to it: a memory's first few hundred words say what it is.
    const tokens = model.tokenize(text).slice(0, 500);
    const embedding = await context.getEmbeddingFor(tokens);
    return toColumnWidth(embedding.vector);
  };

  // One text at a time (the context holds one sequence, and the CPU is shared with the chat model): a
  // reply's texts before background ones (the judge's facts, re-embedding), which wait between texts.
  const inOrder = createPriorityRuns({
    replyRun: 1,
    backgroundRun: 1,
    async encode(texts) {
      const out: number[][] = [];
      for (const text of texts) out.push(await embedOne(text));
      return out;
    },
  });

  return {
    id: llamaCppEmbedderId(path.basename(options.modelPath)),
    embed: inOrder,
    async dispose() {
      const current = loading;
      loading = null;
      if (!current) return;
      const { llama, context, model } = await current.catch(() => ({}) as Partial<TLoaded>);
      await context?.dispose();
      await model?.dispose();
      await llama?.dispose();
    },
  };
}
