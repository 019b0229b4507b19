// A tooltip around any trigger (the chat screen's switches and icon buttons).
import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

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
