// The person's memories a reply was given, behind a small button on that reply (read when opened).
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Brain } from 'lucide-react';
import { useState } from 'react';
import { replyMemoriesQuery } from './memories-api.ts';

export function MemoriesUsed({ hist, position, ids }: { hist: string; position: number; ids: number[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const used = useQuery({ ...replyMemoriesQuery(hist, position), enabled: isOpen });
  if (ids.length === 0) return null;
  const label = `Memories used: ${ids.length}`;
  const gone = used.data ? ids.length - used.data.length : 0;
  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className="flex items-center gap-1 rounded-full p-1 text-xs text-muted hover:bg-panel-2 hover:text-accent-2"
      >
        <Brain aria-hidden className="size-4" />
        <span className="tabular-nums">{ids.length}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Memories this reply was given"
          className="z-50 max-w-[min(90vw,22rem)] rounded-2xl border border-line bg-panel-2 p-4 text-sm shadow-xl"
        >
          <p className="mb-2 font-semibold">Memories this reply was given</p>
          {used.isPending ? (
            <p className="text-muted">Loading memories...</p>
          ) : used.isError ? (
            <p role="alert" className="text-red-300">
              {used.error.message}
            </p>
          ) : (
            <ul className="space-y-1.5">
              {used.data.map((m) => (
                <li key={m.id} className="break-words">
                  {m.kind && <span className="text-muted capitalize">{m.kind} · </span>}
                  {m.fact ?? m.content}
                </li>
              ))}
              {gone > 0 && (
                <li className="text-muted">
                  {gone === 1 ? '1 memory since deleted' : `${gone} memories since deleted`}
                </li>
              )}
            </ul>
          )}
          <Popover.Arrow className="fill-panel-2" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
