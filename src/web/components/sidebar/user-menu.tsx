// The sidebar's bottom row: the person's avatar and name, toggling a menu with Profile and Logout.
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, ChevronUp, LogOut, type LucideIcon, ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logout, sessionQuery, useSession } from '../../lib/session.ts';
import { Avatar } from '../avatar.tsx';

export function UserMenu() {
  const { data: user } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Spec: the menu closes on any click outside it (a subscription to the document, so an effect).
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setIsOpen(false);
      // Keyboard: back to the button the menu came from.
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const onLogout = async () => {
    setIsOpen(false);
    if (!(await logout())) return;
    // The /login screen must not find the old session in the cache; everything else goes after.
    queryClient.removeQueries({ queryKey: sessionQuery.queryKey });
    await navigate('/login', { replace: true });
    queryClient.clear();
  };

  const name = user?.name ?? user?.username ?? '';
  return (
    <div ref={rootRef} className="relative border-t border-line pt-3">
      {isOpen && (
        <div
          role="menu"
          aria-label="Account"
          className="absolute right-0 bottom-full left-0 mb-2 overflow-hidden rounded-xl border border-line bg-panel-2 py-1 shadow-2xl shadow-black/40"
        >
          <MenuLink to="/profile" Icon={UserRound} label="Profile" onPick={() => setIsOpen(false)} />
          <MenuLink to="/lorebooks" Icon={BookOpen} label="Lorebooks" onPick={() => setIsOpen(false)} />
          {user?.isOwner && (
            <MenuLink to="/admin" Icon={ShieldCheck} label="Admin" onPick={() => setIsOpen(false)} />
          )}
          <button
            type="button"
            role="menuitem"
            onClick={onLogout}
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-red-300 hover:bg-white/5"
          >
            <LogOut className="size-4" aria-hidden /> Logout
          </button>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left transition hover:bg-panel-2"
      >
        <Avatar src={user?.image} alt="" size={36} />
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
        <ChevronUp className={`size-4 text-muted transition ${isOpen ? '' : 'rotate-180'}`} aria-hidden />
      </button>
    </div>
  );
}

function MenuLink(props: { to: string; Icon: LucideIcon; label: string; onPick: () => void }) {
  return (
    <Link
      role="menuitem"
      to={props.to}
      onClick={props.onPick}
      className="flex items-center gap-2 px-3 py-2 text-sm hover:bg-white/5"
    >
      <props.Icon className="size-4" aria-hidden /> {props.label}
    </Link>
  );
}
