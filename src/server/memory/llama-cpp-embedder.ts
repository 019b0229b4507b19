// A sentence-embedding GGUF (e.g. bge-small-en-v1.5, nomic-embed-text-v1.5) run by node-llama-cpp, once the
// owner has downloaded one into the data folder: stronger than the Universal Sentence Encoder lite.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import { loadPrebuiltModel, type TLoadedModel } from '../ai/providers/prebuilt-llama.ts';
import { EMBEDDING_DIMENSIONS, normalise, type TEmbedder } from './embedder.ts';

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
  // One text at a time (the context holds one sequence, and the CPU is shared with the chat model): a
  // reply's texts before background ones (the judge's facts, re-embedding), which wait between texts.
  type TJob = {
    texts: string[];
    vectors: number[][];
    resolve(vectors: number[][]): void;
    reject(error: unknown): void;
  };
  const replies: TJob[] = [];
  const background: TJob[] = [];
  let isRunning = false;

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

  const drain = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      for (let job = replies[0] ?? background[0]; job; job = replies[0] ?? background[0]) {
        const queue = job === replies[0] ? replies : background;
        try {
          job.vectors.push(await embedOne(job.texts[job.vectors.length] ?? ''));
          if (job.vectors.length < job.texts.length) continue;
          queue.shift();
          job.resolve(job.vectors);
        } catch (error) {
          queue.shift();
          job.reject(error);
        }
      }
    } finally {
      isRunning = false;
    }
  };

  return {
    id: llamaCppEmbedderId(path.basename(options.modelPath)),
    embed(texts, options) {
      if (texts.length === 0) return Promise.resolve([]);
      return new Promise<number[][]>((resolve, reject) => {
        (options?.background ? background : replies).push({ texts, vectors: [], resolve, reject });
        void drain();
      });
    },
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
