import type { TSupportMessage } from '../../shared/billing.ts';
import { AdminListPage } from '../features/admin/admin-list-page.tsx';

export function AdminSupportRoute() {
  return (
    <AdminListPage
      title="Support inbox"
      path="/api/admin/support"
      itemsOf={(answer: { messages: TSupportMessage[] }) => answer.messages}
      emptyText="No messages yet."
    >
      {(messages) => (
        <ul className="space-y-3">
          {messages.map((m) => (
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
      )}
    </AdminListPage>
  );
}
