// "Remember this" on a message: turns it into a memory of this character at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Brain } from 'lucide-react';
import toast from 'react-hot-toast';
import { addMemory } from './memories-api.ts';

export function RememberButton({
  userId,
  characterId,
  content,
  reply,
}: {
  userId: number;
  characterId: number;
  content: string;
  reply?: string;
}) {
  const queryClient = useQueryClient();
  const remember = useMutation({
    mutationFn: () =>
      addMemory({ characterId, content: content.slice(0, 2000), reply: reply?.slice(0, 16_000) }),
    onSuccess: () => {
      toast.success('Remembered');
      void queryClient.invalidateQueries({ queryKey: ['memories', userId] });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <button
      type="button"
      onClick={() => remember.mutate()}
      disabled={remember.isPending || remember.isSuccess}
      title="Remember this"
      className="flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-muted hover:bg-panel-2 hover:text-white disabled:opacity-60"
    >
      <Brain aria-hidden className="size-3.5" />
      {remember.isSuccess ? 'Remembered' : 'Remember this'}
    </button>
  );
}
