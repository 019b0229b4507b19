// /search?q=: characters whose name contains the text, built-in and the person's own.
import { useSearchParams } from 'react-router';
import { SearchResults } from '../features/characters/search-results.tsx';

export function SearchRoute() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-8">
      <h1 className="text-2xl font-bold tracking-tight">{q ? `Results for “${q}”` : 'All characters'}</h1>
      <SearchResults q={q} />
    </main>
  );
}
