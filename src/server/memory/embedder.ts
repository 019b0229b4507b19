// The one embeddings interface memory uses, and the choice between the embedded encoder and a remote one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TConfig } from '../config.ts';
import { createLlamaCppEmbedder, EMBEDDING_GGUF_FILE } from './llama-cpp-embedder.ts';
import { createOpenAIEmbedder } from './openai-embedder.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';

/** The vector column's width (migration 0001): the embedded encoder's, and what remote ones are asked for. */
export const EMBEDDING_DIMENSIONS = 512;

export type TEmbedder = {
  /** Stored with every vector: a different id means the vectors must be made again. */
  id: string;
  /** Unit-length vectors of EMBEDDING_DIMENSIONS numbers, one per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
  /** CPU the encoder used in its own thread so far (the embedded one has a thread; remote ones do not). */
  usage?(): Promise<{ cpuMicros: number }>;
};

/**
 * EMBEDDINGS_URL + EMBEDDINGS_MODEL choose a remote encoder; else an embedding GGUF in $DATA_DIR/models once
 * it is there (memories are then re-embedded in the background at start); else the shipped encoder.
 */
export function createEmbedder(config: TConfig): TEmbedder {
  if (config.EMBEDDINGS_URL && config.EMBEDDINGS_MODEL) {
    return createOpenAIEmbedder({
      baseURL: config.EMBEDDINGS_URL,
      model: config.EMBEDDINGS_MODEL,
      apiKey: config.EMBEDDINGS_API_KEY,
    });
  }
  const gguf = path.join(config.dataDir, 'models', EMBEDDING_GGUF_FILE);
  if (existsSync(gguf)) return createLlamaCppEmbedder({ modelPath: gguf });
  return createUseLiteEmbedder();
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

/** pgvector's text form. */
export const toVectorLiteral = (v: number[]) => `[${v.map((x) => x.toFixed(6)).join(',')}]`;
