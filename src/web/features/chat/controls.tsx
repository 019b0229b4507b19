// Small controls of the chat screen: an on/off switch and a button with a tooltip.
import * as Tooltip from '@radix-ui/react-tooltip';
import type { ComponentProps, ReactNode } from 'react';

export function WithTooltip({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          sideOffset={6}
          className="z-50 max-w-72 rounded-lg border border-line bg-panel-2 px-3 py-2 text-xs text-white shadow-lg"
        >
          {text}
          <Tooltip.Arrow className="fill-panel-2" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

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
