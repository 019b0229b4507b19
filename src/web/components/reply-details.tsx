// A small button on a reply with a count (lore, memories) that opens what the reply was given.
import type { LucideIcon } from 'lucide-react';
import { PopoverPanel } from './popover-panel.tsx';

export function ReplyDetails({
  icon: Icon,
  count,
  label,
  title,
  onOpenChange,
  children,
}: {
  icon: LucideIcon;
  count: number;
  /** The button's name, e.g. 'Lore used: 2 entries'. */
  label: string;
  /** The popover's heading and name. */
  title: string;
  onOpenChange?: (isOpen: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <PopoverPanel
      onOpenChange={onOpenChange}
      side="top"
      align="start"
      sideOffset={8}
      label={title}
      className="z-50 max-w-[min(90vw,22rem)] rounded-2xl border border-line bg-panel-2 p-4 text-sm shadow-xl"
      hasArrow
      trigger={
        <button
          type="button"
          aria-label={label}
          title={label}
          className="flex items-center gap-1 rounded-full p-1 text-xs text-muted hover:bg-panel-2 hover:text-accent-2"
        >
          <Icon aria-hidden className="size-4" />
          <span className="tabular-nums">{count}</span>
        </button>
      }
    >
      <p className="mb-2 font-semibold">{title}</p>
      {children}
    </PopoverPanel>
  );
}
