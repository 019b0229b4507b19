// The lorebook editor: the book's settings, its entries with a search, and adding, editing and deleting
// entries (a built-in character's book is shown read-only).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TLorebook, TLorebookPatch, TLoreEntry, TLoreEntryFields } from '../../../shared/lorebooks.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { BookSettings } from './book-settings.tsx';
import { EntryForm, NEW_ENTRY, POSITION_LABELS } from './entry-form.tsx';
import { inputClass } from './fields.tsx';
import { addEntry, deleteEntry, saveEntry, updateLorebook } from './lorebooks-api.ts';

const matches = (entry: TLoreEntry, query: string) => {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [entry.comment, entry.content, ...entry.keys, ...entry.secondaryKeys].some((text) =>
    text.toLowerCase().includes(q),
  );
};

export function LorebookEditor({ book }: { book: TLorebook }) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  /** The entry being edited: an id, 'new', or none. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TLoreEntry | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setBook = (next: TLorebook) => {
    queryClient.setQueryData(['lorebook', book.id], next);
    void queryClient.invalidateQueries({ queryKey: ['lorebooks'] });
    if (next.characterId !== null) void queryClient.invalidateQueries({ queryKey: ['character-lorebook'] });
  };
  const withEntries = (entries: TLoreEntry[]): TLorebook => ({
    ...book,
    entries,
    entryCount: entries.length,
  });

  const settings = useMutation({
    mutationFn: (patch: TLorebookPatch) => updateLorebook(book.id, patch),
    onSuccess: (next) => {
      setBook(next);
      toast.success('Lorebook saved');
    },
  });
  const save = useMutation({
    mutationFn: ({ id, fields }: { id: number | 'new'; fields: TLoreEntryFields }) =>
      id === 'new' ? addEntry(book.id, fields) : saveEntry(book.id, id, fields),
    onMutate: () => setError(null),
    onSuccess: (entry, { id }) => {
      setBook(
        withEntries(
          id === 'new' ? [...book.entries, entry] : book.entries.map((e) => (e.id === entry.id ? entry : e)),
        ),
      );
      setEditing(null);
    },
    onError: (e) => setError(e instanceof Error ? e.message : 'The entry could not be saved.'),
  });
  const remove = useMutation({
    mutationFn: (entry: TLoreEntry) => deleteEntry(book.id, entry.id),
    onSuccess: (_r, entry) => setBook(withEntries(book.entries.filter((e) => e.id !== entry.id))),
    onError: (e) => toast.error(e instanceof Error ? e.message : 'The entry could not be deleted.'),
    onSettled: () => setToDelete(null),
  });

  const shown = book.entries.filter((e) => matches(e, query));
  const form = (id: number | 'new', initial: TLoreEntryFields) => (
    <EntryForm
      initial={initial}
      isReadOnly={!book.canEdit}
      isSaving={save.isPending}
      error={error}
      onSave={(fields) => save.mutate({ id, fields })}
      onCancel={() => {
        setEditing(null);
        setError(null);
      }}
    />
  );

  return (
    <div className="space-y-5">
      {!book.canEdit && (
        <p className="rounded-xl border border-line bg-panel-2 px-4 py-2 text-sm text-muted">
          This is a built-in character's lorebook: you can read it but not change it.
        </p>
      )}
      <BookSettings
        key={`${book.id}-${book.name}`}
        book={book}
        isSaving={settings.isPending}
        error={settings.error?.message ?? null}
        onSave={(patch) => settings.mutate(patch)}
      />

      <section aria-labelledby="entries-heading" className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="entries-heading" className="mr-auto text-lg font-semibold">
            Entries <span className="text-sm font-normal text-muted">({book.entries.length})</span>
          </h2>
          <a
            href={`/api/lorebooks/${book.id}/world-info`}
            download
            className="flex items-center gap-1.5 rounded-xl border border-line px-3 py-2 text-sm hover:bg-panel-2"
          >
            <Download aria-hidden className="size-4" />
            Export world info
          </a>
          {book.canEdit && (
            <button
              type="button"
              onClick={() => setEditing('new')}
              className="flex items-center gap-1.5 rounded-xl bg-accent px-3 py-2 text-sm font-medium text-white"
            >
              <Plus aria-hidden className="size-4" />
              Add entry
            </button>
          )}
        </div>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted" />
          <input
            type="search"
            aria-label="Search entries"
            placeholder="Search entries"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
        {editing === 'new' && (
          <div className="rounded-2xl border border-accent/60 bg-panel p-4">{form('new', NEW_ENTRY)}</div>
        )}
        {book.entries.length === 0 && editing !== 'new' && (
          <p className="text-muted">No entries yet. Add one: keys that call it up, and what it says.</p>
        )}
        {book.entries.length > 0 && shown.length === 0 && <p className="text-muted">No entries match.</p>}
        <ul aria-label="Entries" className="space-y-2">
          {shown.map((entry) => (
            <li key={entry.id} className="rounded-2xl border border-line bg-panel p-4">
              {editing === entry.id ? (
                form(entry.id, entry)
              ) : (
                <EntryRow
                  entry={entry}
                  canEdit={book.canEdit}
                  onEdit={() => setEditing(entry.id)}
                  onDelete={() => setToDelete(entry)}
                />
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete entry"
        description={`Delete "${toDelete?.comment || toDelete?.keys[0] || 'this entry'}"? This cannot be undone.`}
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}

function EntryRow({
  entry,
  canEdit,
  onEdit,
  onDelete,
}: {
  entry: TLoreEntry;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const title = entry.comment || entry.keys[0] || 'Untitled entry';
  return (
    <div className="flex items-start gap-3">
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-medium break-words">{title}</h3>
        <p className="flex flex-wrap gap-1 text-xs">
          {entry.constant && <span className="rounded-full bg-accent/30 px-2 py-0.5">Constant</span>}
          {!entry.enabled && <span className="rounded-full bg-line px-2 py-0.5">Disabled</span>}
          {entry.keys.map((key) => (
            <span key={key} className="rounded-full bg-panel-2 px-2 py-0.5 break-all">
              {key}
            </span>
          ))}
        </p>
        <p className="line-clamp-2 text-sm text-muted">{entry.content}</p>
        <p className="text-xs text-muted">
          {POSITION_LABELS[entry.position]}
          {entry.position === 'at_depth' ? ` ${entry.depth}` : ''} · order {entry.insertionOrder}
          {entry.probability < 100 ? ` · ${entry.probability}%` : ''}
        </p>
      </div>
      <IconButton
        label={`${canEdit ? 'Edit' : 'View'} ${title}`}
        onClick={onEdit}
        className="rounded-lg p-1.5 text-muted hover:bg-panel-2 hover:text-white"
        icon={Pencil}
      />
      {canEdit && (
        <IconButton
          label={`Delete ${title}`}
          onClick={onDelete}
          className="rounded-lg p-1.5 text-muted hover:bg-panel-2 hover:text-red-300"
          icon={Trash2}
        />
      )}
    </div>
  );
}
