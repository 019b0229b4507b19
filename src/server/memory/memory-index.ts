// What every memory use case works with: the database, the encoder (a failed embedding is logged and
// searched without), and what search can use on this database (detected once).
import type { TDb } from '../db/client.ts';
import { type TVectorParam, toVectorParam } from '../db/vector-param.ts';
import type { TLogger } from '../lib/logger.ts';
import type { TEmbedder, TEmbedOptions } from './embedder.ts';
import { detectSearchCapabilities, type TSearchCapabilities } from './search-capabilities.ts';
import { createSignsCache, type TSignsCandidates } from './signs-cache.ts';
import { createTurnVectors, type TTurnVectors } from './turn-vectors.ts';

export type TMemoryIndex = {
  db: TDb;
  embedder: TEmbedder;
  log?: TLogger;
  /** The vectors of the messages recall embedded lately (a person's next turn puts them in its context). */
  turnVectors: TTurnVectors;
  capabilities(): Promise<TSearchCapabilities>;
  /** The vector of a text, or null when the encoder fails (recall then uses full text alone). */
  embedOne(text: string, options?: TEmbedOptions): Promise<number[] | null>;
  /**
   * The vector to keep with a memory: null on a database without pgvector, where no vector is stored or
   * searched (the encoder is not run for it), or when the encoder fails.
   */
  vectorToKeep(text: string, options?: TEmbedOptions): Promise<number[] | null>;
  /** A vector as a query parameter when this database has pgvector, else null. */
  vectorFor(vector: number[] | null): Promise<TVectorParam | null>;
  /**
   * The vector arm's candidates for a search by this vector, picked from this server's
   * copy of the person's signs; null when there is no vector (or the copy could not be brought up to date).
   */
  candidatesFor(
    userId: number,
    characterId: number | null,
    vector: TVectorParam | null,
  ): Promise<TSignsCandidates | null>;
};

export function createMemoryIndex(deps: { db: TDb; embedder: TEmbedder; log?: TLogger }): TMemoryIndex {
  const { db, embedder, log } = deps;
  let caps: Promise<TSearchCapabilities> | null = null;
  const signs = createSignsCache(db);
  const capabilities = () => {
    caps ??= detectSearchCapabilities(db).then((c) => {
      if (!c.vector) log?.info({ trgm: c.trgm }, 'memory search: BM25 alone (this Postgres has no pgvector)');
      else log?.info({ trgm: c.trgm, embeddings: embedder.id }, 'memory search: vectors, BM25 and trigrams');
      return c;
    });
    return caps;
  };
  const embedOne = async (text: string, options?: TEmbedOptions) => {
    try {
      const [v] = await embedder.embed([text], options);
      return v ?? null;
    } catch (err) {
      log?.warn({ err, embeddings: embedder.id }, 'embedding failed');
      return null;
    }
  };
  return {
    db,
    embedder,
    log,
    turnVectors: createTurnVectors(),
    capabilities,
    embedOne,
    vectorToKeep: async (text, options) => ((await capabilities()).vector ? embedOne(text, options) : null),
    vectorFor: async (vector) => ((await capabilities()).vector && vector ? toVectorParam(vector) : null),
    async candidatesFor(userId, characterId, vector) {
      if (!vector || !(await capabilities()).vector) return null;
      try {
        return await signs.candidates(userId, characterId, vector);
      } catch (err) {
        log?.warn({ err }, 'memory search: the copy of the signs failed, the database picks the candidates');
        return null;
      }
    },
  };
}
