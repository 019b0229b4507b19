// Picks characters for a group chat: one ('Add character') or 2 to 8 (starting a group), with a search.
import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GROUP_MAX_MEMBERS, GROUP_MIN_MEMBERS } from '../../../shared/group-limits.ts';
import { Avatar } from '../../components/avatar.tsx';
import { CancelButton, ErrorText, PrimaryButton } from '../../components/form-parts.tsx';
import { searchCharactersQuery } from '../characters/queries.ts';

export function CharacterPicker({
  isOpen,
  title,
  confirmLabel,
  isMany,
  exclude = [],
  initial = [],
  isBusy = false,
  error,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  /** Several (a new group: 2 to 8 in all) or one. */
  isMany: boolean;
  exclude?: number[];
  initial?: number[];
  isBusy?: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: (ids: number[]) => void;
}) {
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<number[]>(initial);
  const list = useInfiniteQuery({ ...searchCharactersQuery(''), enabled: isOpen });
  const all = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((c) => !exclude.includes(c.id));
  const shown = all.filter((c) => c.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const isValid = isMany
    ? chosen.length >= GROUP_MIN_MEMBERS && chosen.length <= GROUP_MAX_MEMBERS
    : chosen.length === 1;

  const toggle = (id: number) =>
    setChosen((c) =>
      c.includes(id)
        ? c.filter((x) => x !== id)
        : isMany
          ? c.length < GROUP_MAX_MEMBERS
            ? [...c, id]
            : c
          : [id],
    );

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(94vw,30rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-panel p-5 shadow-2xl">
          <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {isMany
              ? `Choose ${GROUP_MIN_MEMBERS} to ${GROUP_MAX_MEMBERS} characters (${chosen.length} chosen).`
              : 'Choose a character to join this chat.'}
          </Dialog.Description>
          <input
            type="search"
            aria-label="Filter characters"
            placeholder="Filter characters"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="mt-3 w-full rounded-xl border border-line bg-ink/70 px-3 py-2 focus:border-accent focus:outline-none"
          />
          <ul aria-label="Characters" className="mt-3 min-h-0 flex-1 space-y-1 overflow-y-auto">
            {shown.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-xl px-2 py-1.5 hover:bg-panel-2">
                  <input
                    type={isMany ? 'checkbox' : 'radio'}
                    name="character"
                    checked={chosen.includes(c.id)}
                    onChange={() => toggle(c.id)}
                    className="size-4"
                  />
                  <Avatar src={c.avatarUrl} alt="" size={32} />
                  <span className="min-w-0 truncate">{c.name}</span>
                </label>
              </li>
            ))}
            {list.hasNextPage && (
              <li>
                <button
                  type="button"
                  onClick={() => void list.fetchNextPage()}
                  className="w-full rounded-xl px-2 py-1.5 text-sm text-muted hover:bg-panel-2"
                >
                  More characters
                </button>
              </li>
            )}
          </ul>
          {error && <ErrorText className="mt-2">{error}</ErrorText>}
          <div className="mt-4 flex justify-end gap-3">
            <CancelButton onClick={onCancel} />
            <PrimaryButton isDisabled={!isValid || isBusy} onClick={() => onConfirm(chosen)}>
              {confirmLabel}
            </PrimaryButton>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
