// New Chat (spec): an unsaved chat with words in it is saved as a chat log first; a saved one just closes.
import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { saveChatLog } from './chat-api.ts';

export async function saveBeforeNewChat(
  queryClient: QueryClient,
  chat: {
    userId: number;
    characterId: number;
    hist: string | null;
    messages: { role: 'user' | 'assistant'; content: string }[];
  },
): Promise<void> {
  const { userId, characterId, hist, messages } = chat;
  const spoken = messages.filter((m) => m.content.trim() !== '');
  if (!hist && spoken.length > 0) {
    try {
      await saveChatLog({
        userId,
        characterId,
        // Spec: a conversation starts with one empty user placeholder message.
        conversation: [
          { role: 'user', content: '' },
          ...messages.map((m) => ({ role: m.role, content: m.content })),
        ],
        source: 'text',
      });
      toast.success('Chat saved successfully!');
      void queryClient.invalidateQueries({ queryKey: ['chatlogs', userId, characterId] });
    } catch (error) {
      console.error('Saving the chat failed', error);
    }
  } else if (hist) {
    toast.success('New Chat Started!');
  }
}
