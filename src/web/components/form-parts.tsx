// The small parts forms and dialogs share: the error line, Cancel, and the Cancel-then-action row.
import type { InputHTMLAttributes, ReactNode } from 'react';

/** What went wrong, read out at once (role alert). */
export function ErrorText({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`text-sm text-red-300 ${className}`.trim()}>
      {children}
    </p>
  );
}

/** The quiet button beside a form's or dialog's action: Cancel, Close, Maybe Later. */
export function CancelButton({
  onClick,
  children = 'Cancel',
}: {
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="rounded-xl border border-line px-4 py-2 hover:bg-panel-2"
    >
      {children}
    </button>
  );
}

/** A dialog's buttons, right-aligned: Cancel, then the action. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex justify-end gap-3">{children}</div>;
}

/** A form's or dialog's action: Save, Create, Start (dimmed while it cannot be used). */
export function PrimaryButton({
  type = 'button',
  isDisabled = false,
  onClick,
  children,
}: {
  type?: 'button' | 'submit';
  isDisabled?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type={type}
      disabled={isDisabled}
      onClick={onClick}
      className="rounded-xl bg-accent px-4 py-2 font-medium text-white disabled:opacity-50"
    >
      {children}
    </button>
  );
}

/** A text input inside its label, the label's words above it. */
/** The small submit button of a one-line form (a name, an email, a search). */
export function SubmitButton({ isPending, children }: { isPending?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={isPending}
      className="rounded-lg bg-accent px-3 py-1.5 text-sm text-white"
    >
      {children}
    </button>
  );
}

export function LabelledInput({
  label,
  onValue,
  ...input
}: { label: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange'
>) {
  return (
    <label className="block">
      <span className="mb-1 block text-sm text-muted">{label}</span>
      <input {...input} onChange={(e) => onValue(e.target.value)} />
    </label>
  );
}
