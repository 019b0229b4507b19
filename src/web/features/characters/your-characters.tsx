// 'Your Characters' on home: shown only once the person has made at least one, a page at a time; each
// can be edited or deleted (confirmed) from here.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TPersonaListItem } from '../../../shared/characters.ts';
import { ShowMoreButton } from '../../components/show-more-button.tsx';
import { CharacterCard } from './character-card.tsx';
import { DeleteCharacterDialog } from './delete-character-dialog.tsx';
import { ownCharactersQuery } from './queries.ts';

const action =
  'flex flex-1 items-center justify-center gap-1.5 rounded-lg border border-line px-2 py-1.5 text-xs text-muted hover:bg-panel-2 hover:text-white';

export function YourCharacters({ userId }: { userId: number }) {
  const query = useInfiniteQuery(ownCharactersQuery(userId));
  const characters = query.data?.pages.flatMap((p) => p.items) ?? [];
  const [toDelete, setToDelete] = useState<TPersonaListItem | null>(null);
  if (characters.length === 0) return null;
  return (
    <section aria-labelledby="your-characters" className="space-y-4">
      <h2 id="your-characters" className="text-xl font-bold tracking-tight">
        Your Characters
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {characters.map((character) => (
          <li key={character.id} className="flex flex-col gap-1.5">
            <CharacterCard character={character} />
            <div className="flex gap-1.5">
              <Link
                to={`/character/${character.id}/edit`}
                aria-label={`Edit ${character.name}`}
                className={action}
              >
                <Pencil aria-hidden className="size-3.5" />
                Edit
              </Link>
              <button
                type="button"
                aria-label={`Delete ${character.name}`}
                onClick={() => setToDelete(character)}
                className={`${action} hover:text-red-300`}
              >
                <Trash2 aria-hidden className="size-3.5" />
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ShowMoreButton query={query} />
      <DeleteCharacterDialog
        character={toDelete}
        onCancel={() => setToDelete(null)}
        onDeleted={() => setToDelete(null)}
      />
    </section>
  );
}
