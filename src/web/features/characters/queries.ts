// Server state for characters: the featured cast, search, a person's own characters, one persona.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TFeatured, TPersonaListItem } from '../../../shared/characters.ts';
import { NEXT_PAGE_HEADER } from '../../../shared/paging.ts';
import { ApiError, throwIfFailed } from '../../lib/api.ts';

type TPage = { items: TPersonaListItem[]; nextAfter: number | null };

/** List calls return the spec's plain array; the next page's cursor comes in a header. */
async function fetchPage(url: string): Promise<TPage> {
  const res = await fetch(url, { credentials: 'same-origin' });
  await throwIfFailed(res);
  const next = res.headers.get(NEXT_PAGE_HEADER);
  return { items: (await res.json()) as TPersonaListItem[], nextAfter: next ? Number(next) : null };
}

const withAfter = (url: string, after: number | null) =>
  after === null ? url : `${url}${url.includes('?') ? '&' : '?'}after=${after}`;

export const featuredQuery = queryOptions({
  queryKey: ['characters', 'featured'],
  queryFn: async (): Promise<TFeatured> => {
    const res = await fetch('/api/character-personas/featured', { credentials: 'same-origin' });
    if (!res.ok) throw new ApiError(res.status, 'http_error', 'Could not load the featured characters');
    return res.json();
  },
  // The cast changes only with a release.
  staleTime: 10 * 60_000,
});

export const ownCharactersQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['characters', 'own', userId],
    queryFn: ({ pageParam }) => fetchPage(withAfter(`/api/character-personas/user/${userId}`, pageParam)),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextAfter,
  });

export const searchCharactersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['characters', 'search', q],
    queryFn: async ({ pageParam }) => {
      try {
        return await fetchPage(withAfter(`/api/character-personas?q=${encodeURIComponent(q)}`, pageParam));
      } catch (error) {
        // Spec §8: a failed list is logged with these words; the screen shows "No characters found".
        console.error('Network response was not ok', error);
        throw error;
      }
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextAfter,
    retry: false,
  });
