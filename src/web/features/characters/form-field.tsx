// A labelled form field with a length counter kept out of the label (so the label is the field's name)
// and, when the field is missing, its error beside it.
import { type ReactNode, useId } from 'react';

/** What the field's input takes: its id, what describes it (counter, error) and whether it is invalid. */
export type TFieldAttributes = { id: string; 'aria-describedby': string; 'aria-invalid': true | undefined };

export function FormField({
  label,
  value,
  max,
  error,
  children,
}: {
  label: string;
  value: string;
  max: number;
  error?: string;
  children: (field: TFieldAttributes) => ReactNode;
}) {
  const id = useId();
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm text-muted">
        <label htmlFor={id}>{label}</label>
        <span id={counterId} className="text-xs tabular-nums">
          {value.length}/{max}
        </span>
      </div>
      {children({
        id,
        'aria-describedby': error ? `${errorId} ${counterId}` : counterId,
        'aria-invalid': error ? true : undefined,
      })}
      {error && <FieldError id={errorId} text={error} />}
    </div>
  );
}

export function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-300">
      {text}
    </p>
  );
}
