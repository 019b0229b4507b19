// Deleting one's own character, confirmed: its chats, the memories it keeps and its avatar file go with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { api } from '../../lib/api.ts';

export function DeleteCharacterDialog({
  character,
  onCancel,
  onDeleted,
}: {
  character: { id: number; name: string } | null;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => api(`/api/character-personas/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success('Character deleted');
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: ['characters'] });
      void queryClient.invalidateQueries({ queryKey: ['chatlogs'] });
      void queryClient.invalidateQueries({ queryKey: ['memories'] });
    },
    onError: (error) => {
      console.error('Deleting the character failed', error);
      toast.error('The character could not be deleted. Please try again.');
    },
  });
  return (
    <ConfirmDialog
      isOpen={character !== null}
      title={`Delete ${character?.name ?? 'character'}?`}
      description="Your chats with this character, the memories it keeps and its avatar are deleted with it. This action cannot be undone."
      confirmLabel="Delete character"
      isBusy={remove.isPending}
      onCancel={onCancel}
      onConfirm={() => character && remove.mutate(character.id)}
    />
  );
}
