// The memory calls' use cases: each reads or changes only the signed-in person's memories.
import { RECENT_MEMORIES, type TMemory, TOP_TOPICS } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { listCheckIns } from '../../db/queries/check-ins.ts';
import {
  countMemories,
  deleteMemory,
  latestMemories,
  listMemories,
  memoryCharacter,
  setMemoryPinned,
  topTopics,
} from '../../db/queries/memories.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { SEARCH_MAX_DISTANCE, type TMemoryService, toMemory } from '../../memory/memory-service.ts';

/** The Memories drawer lists at most this many (pinned first, then newest). */
export const MEMORY_LIST_MAX = 500;
/** Hand-made memories matter: the person chose them. */
const HAND_MADE_IMPORTANCE = 0.8;

export async function memoriesOfCharacter(db: TDb, userId: number, characterId: number): Promise<TMemory[]> {
  return (await listMemories(db, { userId, characterId, limit: MEMORY_LIST_MAX })).map(toMemory);
}

export async function removeMemory(db: TDb, userId: number, id: number): Promise<{ message: string }> {
  if (!(await deleteMemory(db, userId, id))) throw notFound('Memory');
  return { message: 'Memory deleted' };
}

export async function recentMemories(db: TDb, userId: number): Promise<TMemory[]> {
  return (await latestMemories(db, userId, RECENT_MEMORIES)).map(toMemory);
}

export async function totalMemories(db: TDb, userId: number): Promise<{ totalMemories: number }> {
  return { totalMemories: await countMemories(db, userId) };
}

export async function mostDiscussedTopics(db: TDb, userId: number): Promise<{ topics: string[] }> {
  return { topics: await topTopics(db, userId, TOP_TOPICS) };
}

export async function pinMemory(
  db: TDb,
  opts: { userId: number; id: number; pinned: boolean },
): Promise<TMemory> {
  const row = await setMemoryPinned(db, opts);
  if (!row) throw notFound('Memory');
  return toMemory(row);
}

export async function addMemory(
  db: TDb,
  memory: TMemoryService,
  input: { userId: number; characterId: number; content: string; reply?: string },
): Promise<TMemory> {
  const character = await memoryCharacter(db, input.userId, input.characterId);
  if (!character) throw notFound('Character');
  if (character.memoryDisabled) throw new AppError('forbidden', `${character.name} cannot keep memories`);
  const row = await memory.store({
    userId: input.userId,
    characterId: character.id,
    characterName: character.name,
    content: input.content,
    reply: input.reply ?? '',
    importance: HAND_MADE_IMPORTANCE,
  });
  return toMemory(row);
}

export async function searchMemoriesFor(
  memory: TMemoryService,
  input: { userId: number; characterId: number | null; query: string },
): Promise<TMemory[]> {
  return (
    await memory.search({ ...input, text: input.query, limit: 20, maxDistance: SEARCH_MAX_DISTANCE })
  ).map(toMemory);
}

export type TCheckInItem = {
  uuid: string;
  characterId: number;
  characterName: string;
  read: boolean;
  createdAt: string;
};

/** The Notifications panel: check-ins from every character, newest first. */
export async function checkInsOf(db: TDb, userId: number): Promise<TCheckInItem[]> {
  return (await listCheckIns(db, userId, 50)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
