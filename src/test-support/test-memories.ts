// A memory stored straight in the database for a test: whose and what, the rest plain defaults.
import type { TDb } from '../server/db/client.ts';
import { insertMemory, type TNewMemoryRow } from '../server/db/queries/memories.ts';

/** Of Seraphine (character 1) unless given; no chat, no reply, importance 0.5, no vector. */
export const insertTestMemory = (
  db: TDb,
  memory: Partial<TNewMemoryRow> & Pick<TNewMemoryRow, 'userId' | 'content'>,
) =>
  insertMemory(db, {
    characterId: 1,
    characterName: 'Seraphine Vale',
    chatLogUuid: null,
    reply: '',
    importance: 0.5,
    embedding: null,
    embeddingModel: null,
    ...memory,
  });
