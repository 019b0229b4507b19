// /admin: the owner's view of this Kindred — people, the chat models and the model download, the job queue.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TAdminSummary } from '../../../shared/account.ts';
import type { TModelDownloadState } from '../../../shared/models.ts';
import { ApiError, api } from '../../lib/api.ts';
import { MemoryModelPanel } from '../model-download/memory-model-panel.tsx';
import { AdultCastPanel } from './adult-cast-panel.tsx';
import { ResetLinkPanel } from './reset-link-panel.tsx';
import { SafetyCountsPanel } from './safety-counts-panel.tsx';

export function AdminScreen() {
  const summary = useQuery({
    queryKey: ['admin', 'summary'],
    queryFn: () => api<TAdminSummary>('/api/admin/summary'),
    retry: false,
    refetchInterval: 5000,
  });
  if (summary.error instanceof ApiError && summary.error.status === 403) {
    return (
      <main className="mx-auto max-w-3xl p-6">
        <h1 className="text-2xl font-semibold">403 — Owner only</h1>
        <p role="alert" className="mt-3 text-muted">
          Only the owner of this Kindred can see this page.
          {summary.error.code === 'no_owner' && ` ${summary.error.message}`}
        </p>
      </main>
    );
  }
  if (summary.isError) return <p className="p-6 text-red-300">The admin summary could not be loaded.</p>;
  if (!summary.data) return <p className="p-6 text-muted">Loading...</p>;
  const { people, models, jobs } = summary.data;
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Admin</h1>
      <Panel title="People">
        <dl className="grid grid-cols-3 gap-4">
          <Stat label="People" value={people.total} />
          <Stat label="Plus" value={people.plus} />
          <Stat label="Free" value={people.free} />
        </dl>
      </Panel>
      <Panel title="Chat models">
        <Table headings={['Model', 'State', 'Last error']}>
          {models.states.map((m) => (
            <tr key={m.name} className="border-t border-line align-top">
              <td className="py-1.5 pr-3">
                <span className="block">{m.name}</span>
                <code className="text-xs break-all text-muted">{m.where}</code>
              </td>
              <td
                className={`py-1.5 pr-3 whitespace-nowrap ${m.state === 'answering' ? 'text-emerald-300' : 'text-amber-300'}`}
              >
                {m.state}
              </td>
              <td className="py-1.5 break-all text-muted">{m.lastError ?? '—'}</td>
            </tr>
          ))}
        </Table>
        <p className="mt-3 text-sm">Model download: {describeDownload(models.download)}</p>
      </Panel>
      <MemoryModelPanel />
      <Panel title="Support">
        <Link to="/admin/support" className="text-accent-2 underline">
          Open the support inbox
        </Link>
        <Link to="/admin/reports" className="ml-4 text-accent-2 underline">
          Open the reports
        </Link>
      </Panel>
      <SafetyCountsPanel />
      <AdultCastPanel />
      <ResetLinkPanel />
      <Panel title="Job queue">
        {jobs === null || jobs.length === 0 ? (
          <p className="text-sm text-muted">No background jobs run in this process.</p>
        ) : (
          <Table headings={['Queue', 'Queued', 'Active', 'Failed', 'Completed']}>
            {jobs.map((q) => (
              <tr key={q.name} className="border-t border-line">
                <td className="py-1">{q.name}</td>
                <td className="py-1">{q.queued}</td>
                <td className="py-1">{q.active}</td>
                <td className="py-1">{q.failed}</td>
                <td className="py-1">{q.completed}</td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
    </main>
  );
}

/** A table of the summary: its column headings, then the rows given (scrolls sideways on a phone). */
function Table({ headings, children }: { headings: string[]; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            {headings.map((heading) => (
              <th key={heading} className="py-1 pr-3 font-normal">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl bg-panel p-4 sm:p-6">
      <h2 className="mb-3 text-lg font-medium">{title}</h2>
      {children}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function describeDownload(download: TModelDownloadState): string {
  switch (download.state) {
    case 'idle':
      return 'idle';
    case 'done':
      return 'done';
    case 'failed':
      return `failed: ${download.message}`;
    case 'downloading': {
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      return `downloading ${mb(download.receivedBytes)}${download.totalBytes ? ` of ${mb(download.totalBytes)}` : ''}`;
    }
  }
}
