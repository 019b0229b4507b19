// Phones: a top bar with a menu button; the sidebar opens as a drawer over the screen, closes on a pick,
// a tap outside or Escape (focus goes back to the menu button), and is closed on every load.
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SidebarContent } from './sidebar.tsx';

export function PhoneMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const location = useLocation();
  // A pick (any navigation, even to the same screen with another ?hist) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => setIsOpen(false), [location.key]);

  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-line bg-panel px-1">
      <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
        <Dialog.Trigger
          aria-label="Open menu"
          className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-panel-2 hover:text-white"
        >
          <Menu aria-hidden className="size-6" />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="menu-overlay fixed inset-0 z-40 bg-black/60" />
          <Dialog.Content
            aria-describedby={undefined}
            className="menu-drawer fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] shadow-2xl"
          >
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <SidebarContent
              className="h-full w-full"
              headerButton={
                <Dialog.Close
                  aria-label="Close menu"
                  className="flex size-11 items-center justify-center rounded-lg text-muted hover:bg-panel-2 hover:text-white"
                >
                  <X aria-hidden className="size-5" />
                </Dialog.Close>
              }
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <Link to="/" className="flex min-h-11 items-center gap-2 px-1 text-lg font-bold tracking-tight">
        <img src="/logo.svg" alt="" className="size-6" />
        Kindred
      </Link>
    </header>
  );
}
