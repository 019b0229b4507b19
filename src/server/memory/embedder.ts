// The one embeddings interface memory uses, and the choice between the embedded encoder and a remote one.
import path from 'node:path';
import type { TConfig } from '../config.ts';
import type { TLogger } from '../lib/logger.ts';
import { EMBEDDING_GGUF_FILE } from './llama-cpp-embedder.ts';
import { createMemoryEncoder } from './memory-encoder.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';

/** The vector column's width (migration 0001): the embedded encoder's, and what remote ones are asked for. */
export const EMBEDDING_DIMENSIONS = 512;

export type TEmbedOptions = {
  /**
   * Work nobody is waiting on (the memory judge's facts, re-embedding): the embedded encoder runs a reply's
   * texts before it, whenever both wait.
   */
  background?: boolean;
};

export type TEmbedder = {
  /** Stored with every vector: a different id means the vectors must be made again. */
  id: string;
  /** Unit-length vectors of EMBEDDING_DIMENSIONS numbers, one per text, in order. */
  embed(texts: string[], options?: TEmbedOptions): Promise<number[][]>;
  /** CPU the encoder used in its own thread so far (the embedded one has a thread; remote ones do not). */
  usage?(): Promise<{ cpuMicros: number }>;
  /** An encoder that can change while the server runs names the one that made a vector it returned. */
  modelOf?(vector: number[]): string | undefined;
  /** The shipped encoder behind one that can change (the crisis detector's thresholds were chosen on it). */
  shipped?: TEmbedder;
  /** Takes the owner's downloaded embedding model when its file loads; true when it is the encoder then. */
  switchToDownloaded?(): Promise<boolean>;
};

/** The id to store beside a vector: the encoder that made it, which is not always the one in use now. */
export const modelOfVector = (embedder: TEmbedder, vector: number[]) =>
  embedder.modelOf?.(vector) ?? embedder.id;

/**
 * EMBEDDINGS_URL + EMBEDDINGS_MODEL choose a remote encoder; else the shipped encoder, switching to the
 * embedding GGUF in $DATA_DIR/models once it is there and loads (memories are then re-embedded in the
 * background).
 */
export function createEmbedder(config: TConfig, log?: TLogger): TEmbedder {
  if (config.EMBEDDINGS_URL && config.EMBEDDINGS_MODEL) {
    return createOpenAIEmbedder({
      baseURL: config.EMBEDDINGS_URL,
      model: config.EMBEDDINGS_MODEL,
      apiKey: config.EMBEDDINGS_API_KEY,
    });
  }
  return createMemoryEncoder({
    shipped: createUseLiteEmbedder(),
    ggufPath: path.join(config.dataDir, 'models', EMBEDDING_GGUF_FILE),
    log,
  });
}

export function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return vector.map((x) => x / norm);
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return dot / (Math.sqrt(na * nb) || 1);
}
