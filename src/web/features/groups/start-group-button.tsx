// 'Start a group chat' (home) and 'Add character' (a chat): pick characters, then open the group chat.
import { useMutation } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CharacterPicker } from './character-picker.tsx';
import { addMember, startGroup } from './groups-api.ts';

export function StartGroupButton() {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const start = useMutation({
    mutationFn: startGroup,
    onSuccess: (group) => navigate(`/group/${group.uuid}`),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className="flex items-center gap-2 rounded-xl border border-line px-4 py-2 text-sm hover:bg-panel-2"
      >
        <Users aria-hidden className="size-4" />
        Start a group chat
      </button>
      <CharacterPicker
        key={isOpen ? 'open' : 'closed'}
        isOpen={isOpen}
        title="Start a group chat"
        confirmLabel="Start group chat"
        isMany
        isBusy={start.isPending}
        error={start.error?.message}
        onCancel={() => setIsOpen(false)}
        onConfirm={(ids) => start.mutate(ids)}
      />
    </>
  );
}

/** In a one-character chat: the chosen character joins it (a new chat: a new group with both). */
export function AddCharacterButton({ characterId, hist }: { characterId: number; hist: string | null }) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const add = useMutation({
    mutationFn: (other: number) => (hist ? addMember(hist, other) : startGroup([characterId, other])),
    onSuccess: (group) => navigate(`/group/${group.uuid}`),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className="flex items-center gap-2 rounded-xl border border-line px-3 py-2.5 hover:bg-panel-2"
      >
        <UserPlus aria-hidden className="size-4" />
        Add character
      </button>
      <CharacterPicker
        key={isOpen ? 'open' : 'closed'}
        isOpen={isOpen}
        title="Add character"
        confirmLabel="Start group chat"
        isMany={false}
        exclude={[characterId]}
        isBusy={add.isPending}
        error={add.error?.message}
        onCancel={() => setIsOpen(false)}
        onConfirm={([id]) => id !== undefined && add.mutate(id)}
      />
    </>
  );
}
