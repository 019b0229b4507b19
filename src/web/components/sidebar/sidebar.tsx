// The sidebar on every signed-in screen: product name, search, Create, the featured cast, then the person's
// recent chats and own characters, unread check-ins, the Safety page, the user menu.
import { LifeBuoy, PanelLeftClose, PanelLeftOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchBox } from '../../features/characters/search-box.tsx';
import { useSignedInUser } from '../../lib/session.ts';
import { CheckInsLink } from '../check-ins-link.tsx';
import { FeaturedList } from './featured-list.tsx';
import { OwnCharactersList, RecentChats } from './recent-chats.tsx';
import { UserMenu } from './user-menu.tsx';

const OPEN_KEY = 'kindred.sidebarOpen';

/** The person's last choice; without one, open on wide screens and closed on phones. */
function readOpen(): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(OPEN_KEY);
  } catch {
    // Storage refused (private window): fall back to the screen width.
  }
  if (stored !== null) return stored !== 'false';
  return window.matchMedia('(min-width: 640px)').matches;
}

export function Sidebar() {
  const user = useSignedInUser();
  const [isOpen, setIsOpen] = useState(readOpen);
  const toggle = (open: boolean) => {
    setIsOpen(open);
    try {
      localStorage.setItem(OPEN_KEY, String(open));
    } catch {
      // Private windows may refuse storage; the sidebar still works for this visit.
    }
  };

  if (!isOpen) {
    return (
      <div className="flex shrink-0 flex-col items-center border-r border-line bg-panel px-2 py-4">
        <button
          type="button"
          aria-label="Open sidebar"
          title="Open sidebar"
          onClick={() => toggle(true)}
          className="rounded-lg p-2 text-muted transition hover:bg-panel-2 hover:text-white"
        >
          <PanelLeftOpen className="size-5" aria-hidden />
        </button>
      </div>
    );
  }

  return (
    <nav
      aria-label="Sidebar"
      // On phones the open sidebar lies over the screen instead of squeezing it.
      className="flex w-64 shrink-0 flex-col gap-4 border-r border-line bg-panel px-3 py-4 max-sm:fixed max-sm:inset-y-0 max-sm:left-0 max-sm:z-40 max-sm:shadow-2xl"
    >
      <div className="flex items-center justify-between px-1">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <img src="/logo.svg" alt="" className="size-7" />
          Kindred
        </Link>
        <button
          type="button"
          aria-label="Collapse sidebar"
          title="Collapse sidebar"
          onClick={() => toggle(false)}
          className="rounded-lg p-1.5 text-muted transition hover:bg-panel-2 hover:text-white"
        >
          <PanelLeftClose className="size-5" aria-hidden />
        </button>
      </div>
      <SearchBox />
      <Link
        to="/character/create/new"
        className="flex items-center justify-center gap-2 rounded-xl bg-accent px-3 py-2 text-sm font-semibold text-white shadow-lg shadow-accent/20 transition hover:bg-accent-2"
      >
        <Plus className="size-4" aria-hidden /> Create
      </Link>
      <CheckInsLink />
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto">
        <FeaturedList />
        <RecentChats />
        <OwnCharactersList userId={user.id} />
      </div>
      <Link to="/safety" className="flex items-center gap-2 px-1 py-1.5 text-sm text-muted hover:text-white">
        <LifeBuoy className="size-4" aria-hidden /> Safety
      </Link>
      <UserMenu />
    </nav>
  );
}
