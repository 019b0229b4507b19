// 'Your Characters' on home: shown only once the person has made at least one, a page at a time.
import { useInfiniteQuery } from '@tanstack/react-query';
import { ShowMoreButton } from '../../components/show-more-button.tsx';
import { CharacterCard } from './character-card.tsx';
import { ownCharactersQuery } from './queries.ts';

export function YourCharacters({ userId }: { userId: number }) {
  const query = useInfiniteQuery(ownCharactersQuery(userId));
  const characters = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (characters.length === 0) return null;
  return (
    <section aria-labelledby="your-characters" className="space-y-4">
      <h2 id="your-characters" className="text-xl font-bold tracking-tight">
        Your Characters
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {characters.map((character) => (
          <li key={character.id}>
            <CharacterCard character={character} />
          </li>
        ))}
      </ul>
      <ShowMoreButton query={query} />
    </section>
  );
}
