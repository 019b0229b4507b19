// "Show more" under a paged list: fetches the next page while there is one.
type TPagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

export function ShowMoreButton({ query, className = '' }: { query: TPagedQuery; className?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      onClick={() => query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
      className={`rounded-lg border border-line px-4 py-2 text-sm hover:bg-panel-2 disabled:opacity-60 ${className}`}
    >
      Show more
    </button>
  );
}
