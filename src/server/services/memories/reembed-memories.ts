// Re-embeds, in the background and in batches, the memories another encoder (or none) made, with the
// progress the owner's screen shows ('Re-embedding memories: 1,234 of 5,000').
import type { TReembedProgress } from '../../../shared/models.ts';
import type { TDb } from '../../db/client.ts';
import { countMemoriesToEmbed, memoriesToEmbed, setMemoryEmbedding } from '../../db/queries/memories.ts';
import { toVectorParam } from '../../db/vector-param.ts';
import { modelOfVector, type TEmbedder } from '../../memory/embedder.ts';

const BATCH = 32;

export type TReembedder = {
  /** Runs until every memory has the current encoder's vector; a call during a run makes it look again. */
  run(): Promise<number>;
  progress(): TReembedProgress;
};

export function createReembedder(deps: {
  db: TDb;
  embedder: TEmbedder;
  /** False on a Postgres without pgvector: there is nothing to re-embed. */
  hasVectors(): Promise<boolean>;
}): TReembedder {
  const { db, embedder } = deps;
  let progress: TReembedProgress = { state: 'idle' };
  let running: Promise<number> | null = null;
  let isAskedAgain = false;

  const reembed = async (): Promise<number> => {
    if (!(await deps.hasVectors())) return 0;
    let done = 0;
    let model = embedder.id;
    let total = await countMemoriesToEmbed(db, { embeddingModel: model });
    if (total === 0) return 0;
    progress = { state: 'running', done, total };
    try {
      for (;;) {
        // The encoder changed under the run (a download finished, or the GGUF failed): what is left is counted again.
        if (embedder.id !== model) {
          model = embedder.id;
          total = done + (await countMemoriesToEmbed(db, { embeddingModel: model }));
        }
        const batch = await memoriesToEmbed(db, { embeddingModel: model, limit: BATCH });
        if (batch.length === 0) {
          if (!isAskedAgain) break;
          isAskedAgain = false;
          continue;
        }
        const vectors = await embedder.embed(
          batch.map((b) => b.content),
          { background: true },
        );
        for (const [i, row] of batch.entries()) {
          const v = vectors[i];
          if (v)
            await setMemoryEmbedding(db, {
              id: row.id,
              embedding: toVectorParam(v),
              embeddingModel: modelOfVector(embedder, v),
            });
        }
        done += batch.length;
        progress = { state: 'running', done, total: Math.max(total, done) };
      }
    } catch (error) {
      progress = { state: 'failed', done, total };
      throw error;
    }
    progress = { state: 'done', done };
    return done;
  };

  return {
    run() {
      if (running) {
        isAskedAgain = true;
        return running;
      }
      isAskedAgain = false;
      running = reembed().finally(() => {
        running = null;
      });
      return running;
    },
    progress: () => progress,
  };
}
