// A 380px panel (the full width on phones) that slides in from the right and animates out for 300 ms before it closes (spec §4, §9).
import { X } from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { DRAWER_CLOSE_MS, DRAWER_WIDTH_PX } from '../../shared/chat-limits.ts';
import { IconButton } from './icon-button.tsx';

export type TDrawerState = 'closed' | 'open' | 'closing';

/** Open/close state with the closing animation: `close` keeps the drawer mounted for 300 ms. */
export function useDrawer() {
  const [state, setState] = useState<TDrawerState>('closed');
  useEffect(() => {
    if (state !== 'closing') return;
    const timer = setTimeout(() => setState('closed'), DRAWER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return {
    state,
    isOpen: state === 'open',
    open: () => setState('open'),
    close: () => setState((s) => (s === 'open' ? 'closing' : s)),
    toggle: () => setState((s) => (s === 'open' ? 'closing' : 'open')),
  };
}

export function Drawer({
  title,
  state,
  onClose,
  children,
}: {
  title: string;
  state: TDrawerState;
  onClose: () => void;
  children: ReactNode;
}) {
  // Mounted off-screen first, then slid in on the next frame so the transition runs.
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    if (state !== 'open') {
      setIsShown(false);
      return;
    }
    const frame = requestAnimationFrame(() => setIsShown(true));
    return () => cancelAnimationFrame(frame);
  }, [state]);
  useEffect(() => {
    if (state !== 'open') return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, onClose]);
  // Keyboard: focus moves into the drawer when it opens and back to where it came from when it closes.
  const closeRef = useRef<HTMLButtonElement>(null);
  const isMounted = state !== 'closed';
  useEffect(() => {
    if (!isMounted) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [isMounted]);

  if (state === 'closed') return null;
  return (
    <div
      role="dialog"
      aria-label={title}
      data-state={state}
      // 380px wide; the whole width on phones.
      className="fixed top-0 right-0 z-40 flex h-full w-full flex-col border-l border-line bg-panel shadow-2xl transition-transform ease-out sm:w-(--drawer-width)"
      style={
        {
          '--drawer-width': `${DRAWER_WIDTH_PX}px`,
          transitionDuration: `${DRAWER_CLOSE_MS}ms`,
          transform: isShown ? 'translateX(0)' : 'translateX(100%)',
        } as CSSProperties
      }
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <h2 className="text-lg font-semibold">{title}</h2>
        <IconButton
          ref={closeRef}
          onClick={onClose}
          label={`Close ${title}`}
          className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-panel-2 hover:text-white"
          icon={X}
          iconClassName="size-5"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
    </div>
  );
}
