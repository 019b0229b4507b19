// The thought-bubble button on a character's message: reveals its internal thoughts in a popover.
import { MessageCircleMore } from 'lucide-react';
import { IconButton } from '../../components/icon-button.tsx';
import { PopoverPanel } from '../../components/popover-panel.tsx';
import { useIsPhone } from '../../lib/use-is-phone.ts';

export function ThoughtBubble({ thoughts, characterName }: { thoughts: string; characterName: string }) {
  const isMobile = useIsPhone();
  return (
    // Beside the message on wide screens; above it on phones, where there is no room beside.
    <PopoverPanel
      side={isMobile ? 'top' : 'right'}
      align={isMobile ? 'center' : 'start'}
      sideOffset={8}
      label={`${characterName}'s internal thoughts`}
      className="z-50 max-w-[min(90vw,20rem)] rounded-2xl border border-line bg-panel-2 p-4 text-sm italic text-muted shadow-xl"
      hasArrow
      trigger={
        <IconButton
          label="Show internal thoughts"
          className="rounded-full p-1 text-muted hover:bg-panel-2 hover:text-accent-2"
          icon={MessageCircleMore}
        />
      }
    >
      <p className="whitespace-pre-wrap">{thoughts}</p>
    </PopoverPanel>
  );
}
