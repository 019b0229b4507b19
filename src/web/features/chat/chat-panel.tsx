// The chat screen's right-hand panel: New Chat, the Memories, History and Lorebooks drawers, adding a
// character, and the Internal Monologue switch. On narrow screens it lies over the chat.
import { BookOpen, Brain, History, MessageSquarePlus, X } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { IconButton } from '../../components/icon-button.tsx';
import { Switch } from '../../components/switch.tsx';
import type { TChatDrawers, TDrawerControl } from './chat-drawers.tsx';

const PANEL_BUTTON = 'flex items-center gap-2 rounded-xl border border-line px-3 py-2.5 hover:bg-panel-2';

export function ChatPanel(props: {
  onClose: () => void;
  onNewChat: () => void;
  drawers: TChatDrawers;
  /** 'Add character' (the group chat feature's button: a chat does not know about groups). */
  addCharacter: ReactNode;
  isMonologueOn: boolean;
  setIsMonologueOn: (on: boolean) => void;
}) {
  const drawerButtons: [string, ComponentType<{ className?: string }>, TDrawerControl][] = [
    ['Memories', Brain, props.drawers.memories],
    ['History', History, props.drawers.history],
    ['Lorebooks', BookOpen, props.drawers.lorebooks],
  ];
  return (
    <>
      {/* A tap beside the panel closes it on narrow screens. */}
      <div aria-hidden onClick={props.onClose} className="fixed inset-0 z-20 bg-black/50 md:hidden" />
      <aside
        aria-label="Chat panel"
        className="fixed inset-y-0 right-0 z-30 flex w-64 shrink-0 flex-col gap-2 border-l border-line bg-panel p-4 shadow-2xl md:static md:shadow-none"
      >
        <IconButton
          onClick={props.onClose}
          label="Close panel"
          className="flex size-11 items-center justify-center self-end rounded-lg text-muted hover:bg-panel-2 md:hidden"
          icon={X}
          iconClassName="size-5"
        />
        <button type="button" onClick={props.onNewChat} className={PANEL_BUTTON}>
          <MessageSquarePlus aria-hidden className="size-4" />
          New Chat
        </button>
        {drawerButtons.map(([label, Icon, drawer]) => (
          <button
            key={label}
            type="button"
            onClick={drawer.toggle}
            aria-expanded={drawer.isOpen}
            className={PANEL_BUTTON}
          >
            <Icon aria-hidden className="size-4" />
            {label}
          </button>
        ))}
        {props.addCharacter}
        <div className="mt-2 rounded-xl border border-line p-2">
          <Switch
            label="Internal Monologue"
            isOn={props.isMonologueOn}
            onChange={props.setIsMonologueOn}
            className="w-full justify-between text-left"
          >
            <span>Internal Monologue</span>
          </Switch>
          <p className="mt-1 px-2 text-xs text-muted">Adds emotional depth, slightly slower response.</p>
        </div>
      </aside>
    </>
  );
}
