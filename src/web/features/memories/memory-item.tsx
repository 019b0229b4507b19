// One memory in the Memories drawer: its fact (or the words), kind, date and source chat; pin, edit (the
// earlier texts kept as its history) and delete.
import { useMutation } from '@tanstack/react-query';
import { Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MEMORY_MAX_CHARS, type TMemory } from '../../../shared/memories.ts';
import { ErrorText } from '../../components/form-parts.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';
import { editMemory } from './memories-api.ts';

/** '3 May' this year, '3 May 2025' before. */
export function dayOf(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00` : iso);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });

/** When the memory's source message was said: its last rewrite by the judge moved the source, else made. */
function saidOn(m: TMemory): string {
  const moved = m.history.findLast(
    (h) => h.source?.chatUuid !== m.source?.chatUuid || h.source?.position !== m.source?.position,
  );
  return moved ? moved.replacedAt : m.createdAt;
}

export const sourceHref = (m: TMemory) =>
  m.source
    ? `/chat/${m.characterId}?hist=${m.source.chatUuid}${m.source.position === null ? '' : `&at=${m.source.position}`}`
    : null;

export function MemoryItem({
  memory: m,
  onPin,
  onDelete,
  onEdited,
  onOpenSource,
}: {
  memory: TMemory;
  onPin: () => void;
  onDelete: () => void;
  onEdited: (updated: TMemory) => void;
  /** The source link was followed (the drawer closes). */
  onOpenSource: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = m.fact ?? m.content;
  const save = useMutation({
    mutationFn: (value: string) => editMemory(m.id, value),
    onSuccess: (updated) => {
      setDraft(null);
      onEdited(updated);
    },
  });
  const href = sourceHref(m);
  const iconButton = 'rounded-lg p-1.5 hover:bg-panel-2';
  return (
    <li className="rounded-xl border border-line p-3" data-memory-id={m.id}>
      <div className="flex items-center gap-2 text-xs text-muted">
        {m.kind && (
          <span className="rounded-full bg-panel-2 px-2 py-0.5 font-medium text-white capitalize">
            {m.kind}
          </span>
        )}
        <time
          dateTime={m.happensOn ?? m.createdAt}
          title={m.happensOn ? 'When it happens' : 'When it was kept'}
        >
          {dayOf(m.happensOn ?? m.createdAt)}
        </time>
        <span className="flex-1" />
        <IconButton
          label="Edit memory"
          onClick={() => setDraft(text)}
          className={`${iconButton} text-muted hover:text-white`}
          icon={Pencil}
        />
        <button
          type="button"
          aria-label={m.pinned ? 'Unpin memory' : 'Pin memory'}
          aria-pressed={m.pinned}
          onClick={onPin}
          className={`${iconButton} ${m.pinned ? 'text-accent-2' : 'text-muted'}`}
        >
          {m.pinned ? <PinOff aria-hidden className="size-4" /> : <Pin aria-hidden className="size-4" />}
        </button>
        <IconButton
          label="Delete memory"
          onClick={onDelete}
          className={`${iconButton} text-muted hover:text-red-300`}
          icon={Trash2}
        />
      </div>
      {draft === null ? (
        <p className="mt-2 text-sm break-words whitespace-pre-wrap">{text}</p>
      ) : (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={handleSubmit(() => {
            if (draft.trim() !== '') save.mutate(draft.trim());
          })}
        >
          <textarea
            aria-label="Memory text"
            value={draft}
            maxLength={MEMORY_MAX_CHARS}
            rows={3}
            onChange={(e) => setDraft(e.target.value)}
            className="w-full rounded-lg border border-line bg-ink px-3 py-2 text-sm"
          />
          {save.error && <ErrorText>{save.error.message}</ErrorText>}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setDraft(null)}
              className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-panel-2"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={save.isPending || draft.trim() === ''}
              className="rounded-lg bg-accent px-3 py-1.5 text-sm text-white disabled:opacity-50"
            >
              Save
            </button>
          </div>
        </form>
      )}
      {href && (
        <Link to={href} onClick={onOpenSource} className="mt-2 inline-block text-xs text-accent-2 underline">
          {`from your chat on ${dayOf(saidOn(m))}`}
        </Link>
      )}
      {m.history.length > 0 && (
        <details className="mt-2 text-xs text-muted">
          <summary className="cursor-pointer">
            {m.history.length === 1 ? 'Updated once' : `Updated ${m.history.length} times`}
          </summary>
          <ol className="mt-1 space-y-1">
            {m.history.toReversed().map((h) => (
              <li key={h.replacedAt + h.fact} className="border-l-2 border-line pl-2">
                <span className="break-words whitespace-pre-wrap text-white/80">{h.fact}</span>{' '}
                <span>
                  (until <time dateTime={h.replacedAt}>{timeOf(h.replacedAt)}</time>)
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}
