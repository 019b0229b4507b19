// /admin/reports: the owner reads reports (open first) with the reply in context, and acts on them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { REPORT_REASONS, type TAdminReport, type TReportAction } from '../../shared/reports.ts';
import { ErrorText } from '../components/form-parts.tsx';
import { AdminListPage, adminListKey } from '../features/admin/admin-list-page.tsx';
import { api } from '../lib/api.ts';

const REPORTS = '/api/admin/reports';

export function AdminReportsRoute() {
  return (
    <AdminListPage
      title="Reports"
      path={REPORTS}
      itemsOf={(answer: { reports: TAdminReport[] }) => answer.reports}
      emptyText="No reports."
    >
      {(reports) => reports.map((report) => <ReportCard key={report.id} report={report} />)}
    </AdminListPage>
  );
}

function ReportCard({ report }: { report: TAdminReport }) {
  const queryClient = useQueryClient();
  const [why, setWhy] = useState('');
  const act = useMutation({
    mutationFn: (action: TReportAction) =>
      api(`/api/admin/reports/${report.id}/action`, { method: 'POST', json: action }),
    onSuccess: () => {
      toast.success('Done');
      void queryClient.invalidateQueries({ queryKey: adminListKey(REPORTS) });
    },
  });
  const isOpen = report.status === 'open';
  const about =
    report.kind === 'message'
      ? `A reply of ${report.character?.name ?? 'a deleted character'}`
      : `The character ${report.character?.name ?? '(deleted)'}`;
  const people = [
    { label: 'reporter', person: report.reporter },
    ...(report.character?.maker ? [{ label: 'maker', person: report.character.maker }] : []),
  ];
  /** One of the owner's actions on this report, as a button (its label is its key). */
  const actButton = (label: string, action: TReportAction, isWaiting = false) => (
    <button
      key={label}
      type="button"
      className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-panel-2 disabled:opacity-40"
      disabled={act.isPending || isWaiting}
      onClick={() => act.mutate(action)}
    >
      {label}
    </button>
  );
  return (
    <article aria-label={`Report ${report.id}`} className="space-y-3 rounded-2xl bg-panel p-5">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="font-medium">{about}</h2>
        <span className="text-sm text-muted">{REPORT_REASONS[report.reason]}</span>
        <span className="text-sm text-muted">
          by {report.reporter.username}, {new Date(report.createdAt).toLocaleString()}
        </span>
        <span className={`ml-auto text-xs ${isOpen ? 'text-amber-300' : 'text-muted'}`}>
          {isOpen ? 'Open' : `Closed: ${report.action}`}
        </span>
      </header>
      {report.note && <p className="text-sm">“{report.note}”</p>}
      {report.context.length > 0 && (
        <ol aria-label="The message in context" className="space-y-1 rounded-xl bg-ink p-3 text-sm">
          {report.context.map((m) => (
            <li
              key={m.position}
              className={m.isReported ? 'rounded bg-red-500/15 p-1.5' : 'p-1.5 text-muted'}
            >
              <span className="font-medium">
                {m.role === 'user' ? report.reporter.username : report.character?.name}:
              </span>{' '}
              {m.content}
            </li>
          ))}
        </ol>
      )}
      {report.kind === 'message' && report.messageText && report.context.every((m) => !m.isReported) && (
        <p className="text-sm">Reported text: {report.messageText}</p>
      )}
      {isOpen && (
        <div className="flex flex-wrap items-center gap-2">
          {report.character &&
            !report.character.isHidden &&
            actButton('Hide character', { action: 'hide_character' })}
          {report.kind === 'message' && actButton('Delete message', { action: 'delete_message' })}
          <input
            aria-label="Why (shown to a suspended person)"
            placeholder="Why (shown to a suspended person)"
            value={why}
            onChange={(e) => setWhy(e.target.value)}
            className="min-w-0 flex-1 rounded-lg border border-line bg-ink px-3 py-1.5 text-sm"
          />
          {people
            .filter(({ person }) => !person.isSuspended)
            .map(({ label, person }) =>
              actButton(
                `Suspend ${label} (${person.username})`,
                { action: 'suspend_account', userId: person.id, reason: why },
                why.trim() === '',
              ),
            )}
          {actButton('Dismiss', { action: 'dismiss' })}
        </div>
      )}
      {act.error && <ErrorText>{act.error.message}</ErrorText>}
    </article>
  );
}
