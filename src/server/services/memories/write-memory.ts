// Keeps a memory as given (the person's words, or one added by hand), with its vector when there is one.
import { MEMORY_MAX_CHARS } from '../../../shared/memories.ts';
import { saveMemory, type TMemoryRecord } from '../../db/queries/memories.ts';
import { modelOfVector } from '../../memory/embedder.ts';
import type { TMemoryIndex } from '../../memory/memory-index.ts';
import { DUPLICATE_SIMILARITY } from '../../memory/thresholds.ts';

export type TWriteMemoryInput = {
  userId: number;
  characterId: number;
  characterName: string;
  chatLogUuid: string | null;
  sourcePosition?: number | null;
  content: string;
  reply: string;
  importance: number;
  pinned?: boolean;
  embedding: number[] | null;
};

export async function writeMemory(index: TMemoryIndex, m: TWriteMemoryInput): Promise<TMemoryRecord> {
  const content = m.content.trim().slice(0, MEMORY_MAX_CHARS);
  const param = await index.vectorFor(m.embedding);
  // The same thing said again refreshes the memory instead of adding a near-copy.
  return saveMemory(index.db, {
    userId: m.userId,
    characterId: m.characterId,
    chatLogUuid: m.chatLogUuid,
    sourcePosition: m.sourcePosition ?? null,
    content,
    reply: m.reply,
    characterName: m.characterName,
    importance: m.importance,
    pinned: m.pinned,
    embedding: param,
    embeddingModel: param && m.embedding ? modelOfVector(index.embedder, m.embedding) : null,
    duplicateSimilarity: DUPLICATE_SIMILARITY,
    hasTrgm: (await index.capabilities()).trgm,
  });
}
