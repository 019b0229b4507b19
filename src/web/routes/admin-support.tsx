// /admin/support: the owner's support inbox, priority (Plus) messages first.
import { useQuery } from '@tanstack/react-query';
import type { TSupportMessage } from '../../shared/billing.ts';
import { AdminListPage } from '../features/admin/admin-list-page.tsx';
import { api } from '../lib/api.ts';

export function AdminSupportRoute() {
  const inbox = useQuery({
    queryKey: ['admin', 'support'],
    queryFn: () => api<{ messages: TSupportMessage[] }>('/api/admin/support'),
    retry: false,
  });
  return (
    <AdminListPage
      title="Support inbox"
      query={inbox}
      isEmpty={inbox.data?.messages.length === 0}
      emptyText="No messages yet."
    >
      <ul className="space-y-3">
        {inbox.data?.messages.map((m) => (
          <li key={m.id} aria-label={`Message from ${m.email}`} className="rounded-2xl bg-panel p-4">
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
              {m.isPriority && (
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-white">
                  Priority
                </span>
              )}
              <span>{m.email}</span>
              <span>·</span>
              <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
            </div>
            <p className="mt-2 whitespace-pre-wrap">{m.message}</p>
          </li>
        ))}
      </ul>
    </AdminListPage>
  );
}
