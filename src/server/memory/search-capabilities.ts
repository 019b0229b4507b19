// What memory search can use on this database: pgvector and pg_trgm are optional extensions.
import type { TDb } from '../db/client.ts';
import { installedSearchExtensions } from '../db/queries/memories.ts';

export type TSearchCapabilities = { vector: boolean; trgm: boolean };

export function detectSearchCapabilities(db: TDb): Promise<TSearchCapabilities> {
  return installedSearchExtensions(db);
}
