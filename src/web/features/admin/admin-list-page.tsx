// The owner's list pages (reports, the support inbox): a title, then loading, the error, or the list that
// one owner's call answers with.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../../lib/api.ts';

/** The list's query key: what an action invalidates to show the list again. */
export const adminListKey = (path: string) => ['admin', path];

export function AdminListPage<TAnswer, TItem>({
  title,
  path,
  itemsOf,
  emptyText,
  children,
}: {
  title: string;
  /** The owner's call that lists them, e.g. '/api/admin/reports' (its query key: `adminListKey(path)`). */
  path: string;
  /** The list in the call's answer. */
  itemsOf: (answer: TAnswer) => TItem[];
  /** Shown when the list is loaded and empty. */
  emptyText: string;
  children: (items: TItem[]) => ReactNode;
}) {
  const query = useQuery({ queryKey: adminListKey(path), queryFn: () => api<TAnswer>(path), retry: false });
  const items = query.data ? itemsOf(query.data) : undefined;
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {query.isPending && <p className="text-muted">Loading...</p>}
      {query.isError && (
        <p role="alert" className="text-red-300">
          {query.error.message}
        </p>
      )}
      {items?.length === 0 && <p className="text-muted">{emptyText}</p>}
      {items && children(items)}
    </main>
  );
}
