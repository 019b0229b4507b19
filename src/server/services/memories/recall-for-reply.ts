// Recall before a reply: the pinned memories, then the top few for the message in its context.
import { hasMemoriesOf, recallMemories } from '../../db/queries/memory-search.ts';
import { toVectorParam } from '../../db/vector-param.ts';
import type { TMemoryIndex } from '../../memory/memory-index.ts';
import { RECALL_MIN_SIMILARITY, RECALL_TOP } from '../../memory/thresholds.ts';
import { embedInContext } from '../../memory/turn-vectors.ts';

/** `fact` (when the judge kept one) is what the prompt says; else the person's words and the reply. */
export type TPromptMemory = {
  /** The memory's id (a reply shows which memories it was given). */
  id?: number;
  content: string;
  reply: string;
  pinned: boolean;
  fact?: string | null;
};

export type TRecallInput = {
  userId: number;
  characterId: number;
  message: string;
  recentUserTurns: string[];
  /** Whether the person has memories of the character, when the caller already read it. */
  hasMemories?: boolean;
};

/**
 * The memories, and the message's own vector, made only when there are memories of the character to
 * search (null otherwise).
 */
export async function recallForReply(
  index: TMemoryIndex,
  { userId, characterId, message, recentUserTurns, hasMemories }: TRecallInput,
): Promise<{ memories: TPromptMemory[]; embedding: number[] | null }> {
  const { db, embedder, log } = index;
  // Nothing to search: the encoder is not run for a vector nobody would use (a memory kept later is
  // embedded when the judge keeps it).
  if (!(hasMemories ?? (await hasMemoriesOf(db, { userId, characterId })))) {
    return { memories: [], embedding: null };
  }
  const c = await index.capabilities();
  // The message's vector goes back with the reply; recall searches by the message in its context (the
  // person's last turn too: "what was her name?"), which only a database with vectors can use: the turn's
  // vector was kept when it was the message (embedded with this one when not).
  let vectors: { own: number[]; context: number[] } | null = null;
  try {
    vectors = c.vector
      ? await embedInContext(embedder, index.turnVectors, message, recentUserTurns)
      : await embedder.embed([message]).then(([own]) => (own ? { own, context: own } : null));
  } catch (err) {
    log?.warn({ err, embeddings: embedder.id }, 'embedding failed');
  }
  const embedding = vectors?.own ?? null;
  const recallVector = c.vector ? (vectors?.context ?? null) : null;
  // Pinned memories and the best of the others, in one statement.
  const recallParam = recallVector ? toVectorParam(recallVector) : null;
  const { pinned, top } = await recallMemories(db, {
    userId,
    characterId,
    text: message,
    embedding: recallParam,
    candidates: await index.candidatesFor(userId, characterId, recallParam),
    hasTrgm: c.trgm,
    limit: RECALL_TOP,
    minSimilarity: RECALL_MIN_SIMILARITY,
  });
  const memories = [
    ...pinned.map((m) => ({ id: m.id, content: m.content, reply: m.reply, pinned: true, fact: m.fact })),
    ...top.map((m) => ({ id: m.id, content: m.content, reply: m.reply, pinned: false, fact: m.fact })),
  ];
  return { memories, embedding };
}
