// The Memories drawer (spec: 380 px, slides): the character's memories (memory-item.tsx: fact, kind, date,
// source, edit, history), pin, delete through 'Confirm Deletion', 'Pinned Messages' and adding one by hand.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pin, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { TMemory } from '../../../shared/memories.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Drawer, type TDrawerState } from '../../components/drawer.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';
import { addMemory, deleteMemory, memoriesQuery, setPinned } from './memories-api.ts';
import { MemoryItem } from './memory-item.tsx';

export function MemoriesDrawer({
  userId,
  characterId,
  state,
  onClose,
  canRemember,
  onOpenSource = onClose,
}: {
  userId: number;
  characterId: number;
  state: TDrawerState;
  onClose: () => void;
  /** False for memory-disabled characters: nothing can be added. */
  canRemember: boolean;
  /** A memory's source link was followed (the drawer closes by default). */
  onOpenSource?: () => void;
}) {
  const queryClient = useQueryClient();
  const query = memoriesQuery(userId, characterId);
  const list = useQuery({ ...query, enabled: state !== 'closed' });
  const [isPinnedOnly, setIsPinnedOnly] = useState(false);
  const { refetch } = list;
  useEffect(() => {
    if (state === 'open') void refetch();
  }, [state, refetch]);
  const [toDelete, setToDelete] = useState<TMemory | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['memories', userId] });

  const remove = useMutation({
    mutationFn: (id: number) => deleteMemory(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(query.queryKey, (old) => old?.filter((m) => m.id !== id));
      void refresh();
    },
    onError: (error) => console.error('Deleting the memory failed', error),
    onSettled: () => setToDelete(null),
  });
  const pin = useMutation({
    mutationFn: (m: TMemory) => setPinned(m.id, !m.pinned),
    onSuccess: (updated) => {
      queryClient.setQueryData(query.queryKey, (old) => old?.map((m) => (m.id === updated.id ? updated : m)));
    },
    onError: (error) => console.error('Pinning the memory failed', error),
  });

  const memories = (list.data ?? []).filter((m) => !isPinnedOnly || m.pinned);

  return (
    <Drawer title="Memories" state={state} onClose={onClose}>
      <div className="mb-3 flex items-center gap-2">
        <button
          type="button"
          aria-pressed={isPinnedOnly}
          onClick={() => setIsPinnedOnly((v) => !v)}
          className={`flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm ${isPinnedOnly ? 'border-accent bg-accent/20' : 'border-line hover:bg-panel-2'}`}
        >
          <Pin aria-hidden className="size-3.5" />
          Pinned Messages
        </button>
      </div>
      {canRemember && <AddMemoryForm characterId={characterId} onAdded={() => void refresh()} />}
      {list.isPending ? (
        <p className="text-sm text-muted">Loading memories...</p>
      ) : memories.length === 0 ? (
        <p className="text-sm text-muted">
          {isPinnedOnly
            ? 'No pinned memories yet'
            : 'No memories yet. Start a conversation to make your first one'}
        </p>
      ) : (
        <ul aria-label="Memories" className="space-y-2">
          {memories.map((m) => (
            <MemoryItem
              key={m.id}
              memory={m}
              onPin={() => pin.mutate(m)}
              onDelete={() => setToDelete(m)}
              onEdited={(updated) =>
                queryClient.setQueryData(query.queryKey, (old) =>
                  old?.map((x) => (x.id === updated.id ? updated : x)),
                )
              }
              onOpenSource={onOpenSource}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Confirm Deletion"
        description="Are you sure you want to delete this memory? This action cannot be undone."
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </Drawer>
  );
}

function AddMemoryForm({ characterId, onAdded }: { characterId: number; onAdded: () => void }) {
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: () => addMemory({ characterId, content: text.trim() }),
    onSuccess: () => {
      setText('');
      onAdded();
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <form
      className="mb-4 flex gap-2"
      onSubmit={handleSubmit(() => {
        if (text.trim() !== '') add.mutate();
      })}
    >
      <input
        aria-label="New memory"
        placeholder="Something to remember..."
        value={text}
        maxLength={2000}
        onChange={(e) => setText(e.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-line bg-ink px-3 py-1.5 text-sm"
      />
      <button
        type="submit"
        disabled={add.isPending || text.trim() === ''}
        className="flex items-center gap-1 rounded-lg bg-accent px-3 py-1.5 text-sm text-white disabled:opacity-50"
      >
        <Plus aria-hidden className="size-4" />
        Add memory
      </button>
    </form>
  );
}
