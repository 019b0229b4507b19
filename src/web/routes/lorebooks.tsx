// /lorebooks: a person's lorebooks. Make one, import a SillyTavern world info file, set one always on,
// open one to edit it, or delete it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { LOREBOOK_LIMITS, type TLorebookSummary } from '../../shared/lorebooks.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { PrimaryButton } from '../components/form-parts.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { Switch } from '../components/switch.tsx';
import { inputClass } from '../features/lorebooks/fields.tsx';
import {
  createLorebook,
  deleteLorebook,
  importWorldInfo,
  lorebooksQuery,
  updateLorebook,
} from '../features/lorebooks/lorebooks-api.ts';
import { handleSubmit } from '../lib/handle-submit.ts';

export function LorebooksRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const books = useQuery(lorebooksQuery);
  const [name, setName] = useState('');
  const [toDelete, setToDelete] = useState<TLorebookSummary | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['lorebooks'] });

  const create = useMutation({
    mutationFn: () => createLorebook({ name }),
    onSuccess: (book) => navigate(`/lorebooks/${book.id}`),
    onError: (e) => toast.error(e.message),
  });
  const upload = useMutation({
    mutationFn: importWorldInfo,
    onSuccess: (book) => navigate(`/lorebooks/${book.id}`),
    onError: (e) => toast.error(e.message),
  });
  const alwaysOn = useMutation({
    mutationFn: ({ id, isOn }: { id: number; isOn: boolean }) => updateLorebook(id, { alwaysOn: isOn }),
    onSettled: refresh,
    onError: (e) => toast.error(e.message),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteLorebook(id),
    onSettled: () => {
      setToDelete(null);
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  const own = (books.data ?? []).filter((b) => b.canEdit);

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Lorebooks</h1>
        <p className="text-sm text-muted">
          Entries about your world that go into a reply when their keys come up in the chat.
        </p>
      </header>
      <div className="flex flex-wrap items-end gap-2 rounded-2xl border border-line bg-panel p-4">
        <form
          className="flex min-w-60 flex-1 items-end gap-2"
          onSubmit={handleSubmit(() => {
            if (name.trim() !== '') create.mutate();
          })}
        >
          <div className="flex-1">
            <label htmlFor="new-lorebook" className="mb-1 block text-sm text-muted">
              New lorebook name
            </label>
            <input
              id="new-lorebook"
              value={name}
              maxLength={LOREBOOK_LIMITS.nameChars}
              onChange={(e) => setName(e.target.value)}
              className={inputClass}
            />
          </div>
          <PrimaryButton type="submit" isDisabled={create.isPending || name.trim() === ''}>
            Create lorebook
          </PrimaryButton>
        </form>
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={upload.isPending}
          className="flex items-center gap-1.5 rounded-xl border border-line px-4 py-2 hover:bg-panel-2"
        >
          <Upload aria-hidden className="size-4" />
          {upload.isPending ? 'Importing...' : 'Import world info'}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          aria-label="World info file"
          className="hidden"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </div>
      {books.isLoading ? (
        <p className="text-muted">Loading...</p>
      ) : own.length === 0 ? (
        <p className="text-muted">No lorebooks yet.</p>
      ) : (
        <ul aria-label="Your lorebooks" className="space-y-2">
          {own.map((book) => (
            <li
              key={book.id}
              className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-panel p-4"
            >
              <BookOpen aria-hidden className="size-5 text-muted" />
              <div className="min-w-0 flex-1">
                <Link to={`/lorebooks/${book.id}`} className="font-medium break-words hover:underline">
                  {book.name}
                </Link>
                <p className="text-xs text-muted">
                  {book.entryCount === 1 ? '1 entry' : `${book.entryCount} entries`}
                  {book.characterId !== null ? ' · a character’s own book' : ''}
                </p>
              </div>
              {book.characterId === null && (
                <Switch
                  label={`Always on: ${book.name}`}
                  isOn={book.alwaysOn}
                  onChange={(isOn) => alwaysOn.mutate({ id: book.id, isOn })}
                >
                  <span className="text-muted">Always on</span>
                </Switch>
              )}
              <IconButton
                label={`Delete ${book.name}`}
                onClick={() => setToDelete(book)}
                className="rounded-lg p-1.5 text-muted hover:bg-panel-2 hover:text-red-300"
                icon={Trash2}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete lorebook"
        description={`Delete "${toDelete?.name}" and all its entries? This cannot be undone.`}
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </main>
  );
}
