// A panel that opens from a button (menus, notifications, a reply's details): the trigger is the caller's
// button, the panel is named for screen readers and stays inside the window.
import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';

export function PopoverPanel({
  trigger,
  label,
  className,
  isOpen,
  onOpenChange,
  side,
  align = 'end',
  sideOffset = 6,
  collisionPadding = 12,
  hasArrow = false,
  children,
}: {
  /** The button that opens it (rendered as the trigger). */
  trigger: ReactNode;
  /** The panel's accessible name. */
  label: string;
  className: string;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  sideOffset?: number;
  collisionPadding?: number;
  hasArrow?: boolean;
  children: ReactNode;
}) {
  return (
    <Popover.Root open={isOpen} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={side}
          align={align}
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          aria-label={label}
          className={className}
        >
          {children}
          {hasArrow && <Popover.Arrow className="fill-panel-2" />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
