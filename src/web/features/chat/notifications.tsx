// The bell and its 'Notifications' panel: memory check-ins from every character, each opening its chat.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PopoverPanel } from '../../components/popover-panel.tsx';
import { checkInsQuery, saveTimeZone } from '../memories/memories-api.ts';
import { markChatLogRead } from './chat-api.ts';

let isTimeZoneSaved = false;

export function Notifications({
  characterId,
  onOpenChat,
}: {
  userId: number;
  characterId: number;
  characterName: string;
  onOpenChat: (uuid: string) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const checkIns = useQuery(checkInsQuery).data ?? [];
  const unread = checkIns.filter((l) => !l.read);
  const hasCheckIns = checkIns.length > 0;
  const isAllRead = unread.length === 0;
  // Opening the panel clears the "new check-in" flag until the set of check-ins changes.
  const [seen, setSeen] = useState('');
  const signature = checkIns.map((l) => l.uuid).join(',');
  const isNew = hasCheckIns && !isAllRead && seen !== signature;
  const [isOpen, setIsOpen] = useState(false);
  const [permission, setPermission] = useState(() =>
    typeof Notification === 'undefined' ? 'denied' : Notification.permission,
  );

  // Check-ins keep to the person's waking hours: the server needs their time zone.
  useEffect(() => {
    if (isTimeZoneSaved) return;
    isTimeZoneSaved = true;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) saveTimeZone(zone).catch((error) => console.error('Saving the time zone failed', error));
  }, []);

  // A system notification for each check-in that arrives while the tab is open (when allowed).
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!hasCheckIns && known.current === null) {
      known.current = new Set();
      return;
    }
    const previous = known.current;
    known.current = new Set(checkIns.map((l) => l.uuid));
    if (previous === null || typeof Notification === 'undefined' || Notification.permission !== 'granted')
      return;
    for (const log of checkIns) {
      if (!log.read && !previous.has(log.uuid)) {
        new Notification(`${log.characterName} sent you a message`, { tag: log.uuid });
      }
    }
  });

  const open = (log: (typeof checkIns)[number]) => {
    setIsOpen(false);
    markChatLogRead(log.uuid)
      .then(() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: checkInsQuery.queryKey }),
          queryClient.invalidateQueries({ queryKey: ['chatlogs'] }),
        ]),
      )
      .catch((error) => console.error('Marking the check-in read failed', error));
    if (log.characterId === characterId) onOpenChat(log.uuid);
    else navigate(`/chat/${log.characterId}?hist=${log.uuid}`);
  };

  return (
    <PopoverPanel
      isOpen={isOpen}
      onOpenChange={(next) => {
        setIsOpen(next);
        if (next) setSeen(signature);
      }}
      align="start"
      collisionPadding={0}
      label="Notifications"
      // The whole width on phones.
      className="z-50 w-screen rounded-2xl border border-line bg-panel p-4 shadow-xl sm:w-80"
      trigger={
        <button
          type="button"
          data-new={isNew ? 'true' : 'false'}
          className={`relative rounded-lg p-2 hover:bg-panel-2 ${isNew ? 'animate-pulse text-accent-2' : 'text-muted'}`}
        >
          <Bell aria-hidden className="size-5" />
          {/* The name holds the badge's visible count: "Notifications 3 unread". */}
          <span className="sr-only">{unread.length > 0 ? 'Notifications ' : 'Notifications'}</span>
          {unread.length > 0 && (
            <span className="absolute -top-0.5 -right-0.5 flex min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] font-semibold text-white">
              {unread.length > 9 ? '9+' : unread.length}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </button>
      }
    >
      <h2 className="mb-3 font-semibold">Notifications</h2>
      {checkIns.length === 0 ? (
        <p className="text-sm text-muted">No new check-ins</p>
      ) : (
        <ul className="max-h-80 space-y-1 overflow-y-auto">
          {checkIns.map((log) => (
            <li key={log.uuid}>
              <button
                type="button"
                onClick={() => open(log)}
                className={`w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-panel-2 ${log.read ? 'text-muted' : ''}`}
              >
                <span className="block">{log.characterName} sent you a message</span>
                <time dateTime={log.createdAt} className="text-xs text-muted">
                  {new Date(log.createdAt).toLocaleString()}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      {permission === 'default' && (
        <button
          type="button"
          onClick={() => void Notification.requestPermission().then(setPermission)}
          className="mt-3 w-full rounded-lg border border-line px-3 py-1.5 text-xs text-muted hover:bg-panel-2"
        >
          Show check-ins as system notifications
        </button>
      )}
    </PopoverPanel>
  );
}
