// The chat header's menu for a character the person made: edit it, or delete it (confirmed).
import { BookOpen, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconButton } from '../../components/icon-button.tsx';
import { PopoverPanel } from '../../components/popover-panel.tsx';
import { DeleteCharacterDialog } from './delete-character-dialog.tsx';

const item =
  'flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm text-white hover:bg-line focus:bg-line focus:outline-none';

export function OwnCharacterMenu({ character }: { character: { id: number; name: string } }) {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <>
      <PopoverPanel
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        label={`Manage ${character.name}`}
        className="z-50 w-52 rounded-2xl border border-line bg-panel-2 p-1.5 shadow-xl"
        trigger={
          <IconButton
            label="Character menu"
            className="flex shrink-0 items-center rounded-lg border border-line p-1.5 text-muted transition hover:bg-panel-2 hover:text-white data-[state=open]:bg-panel-2"
            icon={MoreHorizontal}
            iconClassName="size-5"
          />
        }
      >
        <Link to={`/character/${character.id}/edit`} className={item}>
          <Pencil aria-hidden className="size-4" />
          Edit character
        </Link>
        <Link to={`/character/${character.id}/lorebook`} className={item}>
          <BookOpen aria-hidden className="size-4" />
          Lorebook
        </Link>
        <button
          type="button"
          className={`${item} text-red-300`}
          onClick={() => {
            setIsOpen(false);
            setIsDeleting(true);
          }}
        >
          <Trash2 aria-hidden className="size-4" />
          Delete character
        </button>
      </PopoverPanel>
      <DeleteCharacterDialog
        character={isDeleting ? character : null}
        onCancel={() => setIsDeleting(false)}
        onDeleted={() => {
          setIsDeleting(false);
          navigate('/', { replace: true });
        }}
      />
    </>
  );
}
