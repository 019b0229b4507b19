// A memory the person adds by hand (or with "Remember this" on a message); never for a memory-disabled character.
import type { TMemory } from '../../../shared/memories.ts';
import type { TDb } from '../../db/client.ts';
import { memoryCharacter } from '../../db/queries/memories.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TMemoryService } from './memory-service.ts';
import { toMemory } from './to-memory.ts';

/** Hand-made memories matter: the person chose them. */
const HAND_MADE_IMPORTANCE = 0.8;

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
