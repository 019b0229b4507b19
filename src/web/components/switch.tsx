// An on/off switch (role=switch) with its label; used on the chat screen, /lorebooks and /profile.
import type { ComponentProps, ReactNode } from 'react';

type TSwitchProps = {
  label: string;
  isOn: boolean;
  onChange: (on: boolean) => void;
  isDisabled?: boolean;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentProps<'button'>, 'onChange' | 'children' | 'className'>;

/** An on/off switch; other button props (a tooltip trigger's handlers and ref) reach the button. */
export function Switch({
  label,
  isOn,
  onChange,
  isDisabled = false,
  className = '',
  children,
  ...rest
}: TSwitchProps) {
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-label={label}
      disabled={isDisabled}
      onClick={(e) => {
        rest.onClick?.(e);
        onChange(!isOn);
      }}
      className={`group flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-panel-2 disabled:cursor-not-allowed disabled:opacity-50 ${className}`}
    >
      {children}
      <span
        aria-hidden
        className={`relative h-5 w-9 shrink-0 rounded-full transition-colors ${isOn ? 'bg-accent' : 'bg-line'}`}
      >
        <span
          className={`absolute top-0.5 left-0 size-4 rounded-full bg-white transition-transform ${isOn ? 'translate-x-4.5' : 'translate-x-0.5'}`}
        />
      </span>
    </button>
  );
}
