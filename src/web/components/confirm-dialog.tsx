// A confirmation for something that cannot be undone: a title, what happens, optional extra choices
// (a tickbox), Cancel and the action's own button.
import type { ReactNode } from 'react';
import { CancelButton, DialogActions } from './form-parts.tsx';
import { Modal } from './modal.tsx';

export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  isBusy = false,
  onCancel,
  onConfirm,
  children,
}: {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isBusy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal isOpen={isOpen} onClose={onCancel} title={title} description={description}>
      {children}
      <DialogActions>
        <CancelButton onClick={onCancel} />
        <button
          type="button"
          onClick={onConfirm}
          disabled={isBusy}
          className="rounded-xl bg-red-500/90 px-4 py-2 font-medium hover:bg-red-500 disabled:opacity-60"
        >
          {confirmLabel}
        </button>
      </DialogActions>
    </Modal>
  );
}

/** A tickbox inside a confirmation (e.g. "Also forget what was said here"). */
export function ConfirmTickbox({
  label,
  isChecked,
  onChange,
}: {
  label: string;
  isChecked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="mt-4 flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        checked={isChecked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 accent-accent"
      />
      <span>{label}</span>
    </label>
  );
}
