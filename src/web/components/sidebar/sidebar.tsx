// The sidebar on every signed-in screen: product name, search, Create, the featured cast, then the person's
// recent chats and own characters, unread check-ins, the Safety page, the user menu. On wide screens it is a
// collapsible column; on phones the same content is a drawer (phone-menu.tsx).
import { LifeBuoy, type LucideIcon, PanelLeftClose, PanelLeftOpen, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SearchBox } from '../../features/characters/search-box.tsx';
import { useSignedInUser } from '../../lib/session.ts';
import { CheckInsLink } from '../check-ins-link.tsx';
import { FeaturedList } from './featured-list.tsx';
import { OwnCharactersList, RecentChats } from './recent-chats.tsx';
import { UserMenu } from './user-menu.tsx';

const OPEN_KEY = 'kindred.sidebarOpen';

/** The person's last choice on a wide screen; open without one. */
function readOpen(): boolean {
  try {
    return localStorage.getItem(OPEN_KEY) !== 'false';
  } catch {
    // Storage refused (private window): open.
    return true;
  }
}

/** What the sidebar holds, with a button beside the product name (collapse, or close the phone drawer). */
export function SidebarContent({
  headerButton,
  className = '',
}: {
  headerButton: ReactNode;
  className?: string;
}) {
  const user = useSignedInUser();
  return (
    <nav aria-label="Sidebar" className={`flex flex-col gap-4 bg-panel px-3 py-4 ${className}`}>
      <div className="flex items-center justify-between px-1">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-xl font-bold tracking-tight">
          <img src="/logo.svg" alt="" className="size-7" />
          Kindred
        </Link>
        {headerButton}
      </div>
      <SearchBox />
      <Link
        to="/character/create/new"
        className="flex min-h-11 items-center justify-center gap-2 rounded-xl bg-accent px-3 py-2 text-sm font-semibold text-white shadow-lg shadow-accent/20 transition hover:bg-accent-hover"
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

/** Opens or collapses the sidebar; its label is also its tooltip. */
function ToggleButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex size-11 items-center justify-center rounded-lg text-muted transition hover:bg-panel-2 hover:text-white"
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}

/** The wide-screen sidebar: a 16rem column, or a thin rail with a reopen button once collapsed. */
export function Sidebar() {
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
      <div className="flex shrink-0 flex-col items-center border-r border-line bg-panel px-1 py-4">
        <ToggleButton label="Open sidebar" icon={PanelLeftOpen} onClick={() => toggle(true)} />
      </div>
    );
  }
  return (
    <SidebarContent
      className="w-64 shrink-0 border-r border-line"
      headerButton={
        <ToggleButton label="Collapse sidebar" icon={PanelLeftClose} onClick={() => toggle(false)} />
      }
    />
  );
}
