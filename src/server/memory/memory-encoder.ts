// Memory's encoder on this machine: the shipped USE lite until the owner's sentence-embedding GGUF is in the
// data folder, then that GGUF, switched to while the server runs; a GGUF that cannot load falls back.
import { existsSync } from 'node:fs';
import type { TLogger } from '../lib/logger.ts';
import type { TEmbedder } from './embedder.ts';
import { createLlamaCppEmbedder, type TLlamaCppEmbedder } from './llama-cpp-embedder.ts';

export type TMemoryEncoder = TEmbedder & {
  shipped: TEmbedder;
  /** Switches to the GGUF when its file is there, loads and embeds; true when it is the encoder afterwards. */
  switchToDownloaded(): Promise<boolean>;
  dispose(): Promise<void>;
};

export function createMemoryEncoder(options: {
  /** The shipped encoder (USE lite), used until the GGUF is present and whenever it fails. */
  shipped: TEmbedder;
  ggufPath: string;
  log?: TLogger;
  /** Tests: one thread and no GPU probe. */
  llama?: { gpu?: false | 'auto'; threads?: number };
}): TMemoryEncoder {
  const { shipped, log } = options;
  const makeGguf = () => createLlamaCppEmbedder({ modelPath: options.ggufPath, ...options.llama });
  // A file that is there at start is used at once (its load is checked by its first embedding).
  let gguf: TLlamaCppEmbedder | null = existsSync(options.ggufPath) ? makeGguf() : null;
  const madeBy = new WeakMap<number[], string>();

  const fallBack = (failed: TLlamaCppEmbedder, error: unknown) => {
    if (gguf !== failed) return;
    gguf = null;
    void failed.dispose();
    log?.warn({ err: error, file: options.ggufPath }, 'the embedding GGUF failed; memory uses USE lite');
  };

  const tagged = (id: string, vectors: number[][]) => {
    for (const v of vectors) madeBy.set(v, id);
    return vectors;
  };

  return {
    get id() {
      return gguf?.id ?? shipped.id;
    },
    modelOf: (vector) => madeBy.get(vector),
    async embed(texts, options) {
      const used = gguf;
      if (used) {
        try {
          return tagged(used.id, await used.embed(texts, options));
        } catch (error) {
          fallBack(used, error);
        }
      }
      return tagged(shipped.id, await shipped.embed(texts, options));
    },
    usage: () => shipped.usage?.() ?? Promise.resolve({ cpuMicros: 0 }),
    shipped,
    async switchToDownloaded() {
      if (gguf) return true;
      if (!existsSync(options.ggufPath)) return false;
      const candidate = makeGguf();
      try {
        await candidate.embed(['Kindred checks that the encoder loads.']);
      } catch (error) {
        await candidate.dispose();
        log?.warn(
          { err: error, file: options.ggufPath },
          'the embedding GGUF does not load; memory keeps USE lite',
        );
        return false;
      }
      gguf = candidate;
      log?.info({ embeddings: candidate.id }, 'memory now uses the embedding GGUF');
      return true;
    },
    async dispose() {
      const current = gguf;
      gguf = null;
      await current?.dispose();
    },
  };
}
