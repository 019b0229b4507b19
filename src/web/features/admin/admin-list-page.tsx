// The owner's list pages (reports, the support inbox): a title, then loading, the error, or the list.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function AdminListPage({
  title,
  query,
  isEmpty,
  emptyText,
  children,
}: {
  title: string;
  query: UseQueryResult<unknown>;
  /** Loaded, with nothing in it: `emptyText` is shown. */
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {query.isPending && <p className="text-muted">Loading...</p>}
      {query.isError && (
        <p role="alert" className="text-red-300">
          {query.error.message}
        </p>
      )}
      {isEmpty && <p className="text-muted">{emptyText}</p>}
      {children}
    </main>
  );
}
