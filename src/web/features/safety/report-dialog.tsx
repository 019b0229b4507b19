// 'Report': a reason and a note about a reply or a character, sent to the owner of this Kindred.
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { REPORT_REASONS, REPORT_RECEIVED, type TReportReason } from '../../../shared/report-reasons.ts';
import type { TNewReport } from '../../../shared/reports.ts';
import { ErrorText } from '../../components/form-parts.tsx';
import { api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';

type TTarget =
  | { kind: 'message'; chatLogUuid: string; position: number }
  | { kind: 'character'; characterId: number };

export function ReportButton({
  target,
  label,
  className,
  withText = false,
}: {
  target: TTarget;
  label: string;
  className?: string;
  withText?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  // The button is the dialog's trigger: closing the dialog gives it the focus back.
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          title={label}
          className={
            className ?? 'rounded-md p-1 text-muted hover:bg-panel-2 hover:text-white disabled:opacity-40'
          }
        >
          <Flag aria-hidden className="size-3.5" />
          {withText && <span className="ml-1.5 hidden sm:inline">Report</span>}
        </button>
      </Dialog.Trigger>
      {isOpen && <ReportDialog target={target} title={label} onClose={() => setIsOpen(false)} />}
    </Dialog.Root>
  );
}

function ReportDialog({ target, title, onClose }: { target: TTarget; title: string; onClose: () => void }) {
  const [reason, setReason] = useState<TReportReason>('harmful');
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api<{ id: number }>('/api/reports', {
        method: 'POST',
        json: { ...target, reason, note } as TNewReport,
      }),
    onSuccess: () => {
      toast.success(REPORT_RECEIVED);
      onClose();
    },
  });
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-panel p-6 shadow-2xl">
        <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-muted">
          The owner of this Kindred reads reports and can remove what breaks the rules.
        </Dialog.Description>
        <form className="mt-4 grid gap-3" onSubmit={handleSubmit(() => send.mutate())}>
          <label className="grid gap-1 text-sm">
            Reason
            <select
              value={reason}
              onChange={(e) => setReason(e.target.value as TReportReason)}
              className="rounded-lg border border-line bg-ink px-3 py-1.5"
            >
              {Object.entries(REPORT_REASONS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            Note (optional)
            <textarea
              value={note}
              maxLength={1000}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
              className="rounded-lg border border-line bg-ink px-3 py-1.5"
            />
          </label>
          {send.error && <ErrorText>{send.error.message}</ErrorText>}
          <div className="flex justify-end gap-3">
            <button type="button" onClick={onClose} className="rounded-xl border border-line px-4 py-2">
              Cancel
            </button>
            <button
              type="submit"
              disabled={send.isPending}
              className="rounded-xl bg-accent px-4 py-2 font-medium hover:bg-accent-2"
            >
              Send report
            </button>
          </div>
        </form>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
