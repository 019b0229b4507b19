// /search results: avatar, name and tagline per match, or the spec's empty text (also when the list fails).
// Every name contains the empty text, so an empty search lists every character the person may chat with.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { ShowMoreButton } from '../../components/show-more-button.tsx';
import { searchCharactersQuery } from './queries.ts';

export function SearchResults({ q }: { q: string }) {
  const query = useInfiniteQuery(searchCharactersQuery(q.trim()));
  if (query.isLoading) return <p className="text-muted">Searching...</p>;
  const results = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (results.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-panel/60 px-6 py-12 text-center">
        <p className="text-lg font-semibold">No characters found</p>
        <p className="mt-1 text-muted">Try searching for something else.</p>
      </div>
    );
  }
  return (
    <>
      <ul
        aria-label="Search results"
        className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-panel"
      >
        {results.map((character) => (
          <li key={character.id}>
            <Link
              to={`/chat/${character.id}`}
              className="flex items-center gap-4 px-4 py-3 transition hover:bg-panel-2 focus-visible:bg-panel-2 focus-visible:outline-none"
            >
              <Avatar src={character.avatarUrl} alt="" size={48} />
              <div className="min-w-0">
                <p className="truncate font-semibold">{character.name}</p>
                <p className="truncate text-sm text-muted">{character.tagline}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <ShowMoreButton query={query} className="mt-4" />
    </>
  );
}
