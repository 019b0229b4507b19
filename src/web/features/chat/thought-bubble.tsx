// The thought-bubble button on a character's message: reveals its internal thoughts in a popover.
import * as Popover from '@radix-ui/react-popover';
import { MessageCircleMore } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { MOBILE_WIDTH_PX } from '../../../shared/chat-limits.ts';

const mobileQuery = `(max-width: ${MOBILE_WIDTH_PX - 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Spec: below 640px the screen counts as mobile. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(mobileQuery).matches);
}

export function ThoughtBubble({ thoughts, characterName }: { thoughts: string; characterName: string }) {
  const isMobile = useIsMobile();
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="Show internal thoughts"
        className="rounded-full p-1 text-muted hover:bg-panel-2 hover:text-accent-2"
      >
        <MessageCircleMore aria-hidden className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        {/* Beside the message on wide screens; above it on phones, where there is no room beside. */}
        <Popover.Content
          side={isMobile ? 'top' : 'right'}
          align={isMobile ? 'center' : 'start'}
          sideOffset={8}
          collisionPadding={12}
          aria-label={`${characterName}'s internal thoughts`}
          className="z-50 max-w-[min(90vw,20rem)] rounded-2xl border border-line bg-panel-2 p-4 text-sm italic text-muted shadow-xl"
        >
          <p className="whitespace-pre-wrap">{thoughts}</p>
          <Popover.Arrow className="fill-panel-2" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
