// The lorebook entries a reply was given, behind a small button on that reply.
import * as Popover from '@radix-ui/react-popover';
import { BookOpen } from 'lucide-react';
import type { TReplyLore } from '../../../shared/lorebooks.ts';

export function LoreIndicator({ lore }: { lore: TReplyLore[] }) {
  if (lore.length === 0) return null;
  const label = lore.length === 1 ? 'Lore used: 1 entry' : `Lore used: ${lore.length} entries`;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className="flex items-center gap-1 rounded-full p-1 text-xs text-muted hover:bg-panel-2 hover:text-accent-2"
      >
        <BookOpen aria-hidden className="size-4" />
        <span className="tabular-nums">{lore.length}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Lore this reply was given"
          className="z-50 max-w-[min(90vw,22rem)] rounded-2xl border border-line bg-panel-2 p-4 text-sm shadow-xl"
        >
          <p className="mb-2 font-semibold">Lore this reply was given</p>
          <ul className="space-y-1.5">
            {lore.map((entry) => (
              <li key={`${entry.bookId}-${entry.entryId}`}>
                <span className="font-medium">
                  {entry.comment || entry.keys.join(', ') || 'Untitled entry'}
                </span>
                <span className="text-muted"> · {entry.bookName}</span>
              </li>
            ))}
          </ul>
          <Popover.Arrow className="fill-panel-2" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
