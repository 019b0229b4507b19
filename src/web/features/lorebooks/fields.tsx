// The lorebook forms' fields: a labelled control, a text, a choice from a list, a number and a tickbox.
import { type ChangeEvent, type ReactNode, useId } from 'react';

export const inputClass =
  'w-full rounded-xl border border-line bg-ink/70 px-3 py-2 focus:border-accent focus:outline-none disabled:opacity-70';

/** A label above its control; `children` gets the control's id. */
export function LabelledField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A line of text, or with `rows` a text area of that many rows. */
type TTextField = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number;
  rows?: number;
  isRequired?: boolean;
};

export function TextField(field: TTextField) {
  const { rows } = field;
  return (
    <LabelledField label={field.label}>
      {(id) => {
        const props = {
          id,
          value: field.value,
          maxLength: field.maxLength,
          required: field.isRequired ?? false,
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            field.onChange(e.target.value),
          className: inputClass,
        };
        return rows ? <textarea rows={rows} {...props} /> : <input {...props} />;
      }}
    </LabelledField>
  );
}

/** One of `options`, each shown by its label. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <LabelledField label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} className={inputClass}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

export function NumberField({
  label,
  value,
  onChange,
  isDisabled = false,
}: {
  label: string;
  value: number;
  onChange: (text: string) => void;
  isDisabled?: boolean;
}) {
  return (
    <LabelledField label={label}>
      {(id) => (
        <input
          id={id}
          type="number"
          value={value}
          disabled={isDisabled}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      )}
    </LabelledField>
  );
}

export function Check({
  label,
  isOn,
  onChange,
}: {
  label: string;
  isOn: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" checked={isOn} onChange={(e) => onChange(e.target.checked)} className="size-4" />
      {label}
    </label>
  );
}
