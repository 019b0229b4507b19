// 'Start a group chat' (home) and 'Add character' (a chat): pick characters, then open the group chat.
import { useMutation } from '@tanstack/react-query';
import { type LucideIcon, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TGroupChat } from '../../../shared/groups.ts';
import { CharacterPicker } from './character-picker.tsx';
import { addMember, startGroup } from './groups-api.ts';

export function StartGroupButton() {
  return (
    <PickToGroupButton
      label="Start a group chat"
      Icon={Users}
      className="px-4 py-2 text-sm"
      isMany
      makeGroup={startGroup}
    />
  );
}

/** In a one-character chat: the chosen character joins it (a new chat: a new group with both). */
export function AddCharacterButton({ characterId, hist }: { characterId: number; hist: string | null }) {
  return (
    <PickToGroupButton
      label="Add character"
      Icon={UserPlus}
      className="px-3 py-2.5"
      isMany={false}
      exclude={[characterId]}
      makeGroup={([other]) => (hist ? addMember(hist, other!) : startGroup([characterId, other!]))}
    />
  );
}

/** A button opening the character picker; what is picked makes (or joins) a group, which then opens. */
function PickToGroupButton(props: {
  label: string;
  Icon: LucideIcon;
  className: string;
  isMany: boolean;
  exclude?: number[];
  makeGroup: (ids: number[]) => Promise<TGroupChat>;
}) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const make = useMutation({
    mutationFn: props.makeGroup,
    onSuccess: (group) => navigate(`/group/${group.uuid}`),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        className={`flex items-center gap-2 rounded-xl border border-line hover:bg-panel-2 ${props.className}`}
      >
        <props.Icon aria-hidden className="size-4" />
        {props.label}
      </button>
      <CharacterPicker
        key={isOpen ? 'open' : 'closed'}
        isOpen={isOpen}
        title={props.label}
        confirmLabel="Start group chat"
        isMany={props.isMany}
        exclude={props.exclude}
        isBusy={make.isPending}
        error={make.error?.message}
        onCancel={() => setIsOpen(false)}
        onConfirm={(ids) => ids.length > 0 && make.mutate(ids)}
      />
    </>
  );
}
