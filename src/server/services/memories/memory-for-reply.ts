// Memory around one reply: recall before it (into the prompt), and hand the exchange to the judge after it.
import type { TChatModel } from '../../ai/chat-model.ts';
import type { TMemoryService } from './memory-service.ts';
import type { TPromptMemory } from './recall-for-reply.ts';

export type TReplyMemory = {
  memories: TPromptMemory[];
  /** The ids of the memories given to the prompt (the reply shows them). */
  ids: number[];
  /**
   * The person's message's vector for the reply response, rounded (small on the wire); null when memory is
   * off or nothing used it (no memories of the character to search).
   */
  embedding: number[] | null;
  /** After the reply is stored: queue the exchange for the judge (never awaited by the reply). */
  afterReply(exchange: { model: TChatModel; reply: string; isPartial: boolean }): void;
};

const OFF: TReplyMemory = { memories: [], ids: [], embedding: null, afterReply: () => {} };

/**
 * Memory is used only when the person has it on and the character is not memory-disabled, whatever the
 * browser sends. A failing recall never blocks the reply: it answers without memories.
 */
export async function memoryForReply(
  memory: TMemoryService | undefined,
  input: {
    isOn: boolean;
    userId: number;
    characterId: number;
    characterName: string;
    chatLogUuid: string;
    /** The person's message's position in the chat (null when not known). */
    messagePosition: number | null;
    message: string;
    history: { role: 'user' | 'assistant'; content: string }[];
    /** Whether the person has memories of the character (read with the chat target). */
    hasMemories?: boolean;
  },
): Promise<TReplyMemory> {
  if (!memory || !input.isOn) return OFF;
  const recentUserTurns = input.history
    .slice(0, -1)
    .filter((m) => m.role === 'user')
    .map((m) => m.content);
  let recalled: { memories: TPromptMemory[]; embedding: number[] | null } = { memories: [], embedding: null };
  try {
    recalled = await memory.recallForReply({
      userId: input.userId,
      characterId: input.characterId,
      message: input.message,
      recentUserTurns,
      hasMemories: input.hasMemories,
    });
  } catch {
    // The reply goes on without memories; the cause is logged by the service where it can be.
  }
  const raw = recalled.embedding;
  return {
    memories: recalled.memories,
    ids: recalled.memories.flatMap((m) => (m.id === undefined ? [] : [m.id])),
    embedding: raw ? raw.map((x) => Math.round(x * 1e4) / 1e4) : null,
    afterReply({ model, reply, isPartial }) {
      if (isPartial || reply.trim() === '') return;
      memory.rememberLater({
        userId: input.userId,
        characterId: input.characterId,
        characterName: input.characterName,
        chatLogUuid: input.chatLogUuid,
        messagePosition: input.messagePosition,
        message: input.message,
        reply,
        model,
        embedding: raw,
      });
    },
  };
}
