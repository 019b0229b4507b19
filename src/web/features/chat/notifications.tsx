// The bell and its 'Notifications' panel: memory check-ins from this character, opening their chat.
import * as Popover from '@radix-ui/react-popover';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { chatLogsQuery, markChatLogRead } from './chat-api.ts';

export function Notifications({
  userId,
  characterId,
  characterName,
  onOpenChat,
}: {
  userId: number;
  characterId: number;
  characterName: string;
  onOpenChat: (uuid: string) => void;
}) {
  const queryClient = useQueryClient();
  const logs = useQuery(chatLogsQuery(userId, characterId));
  const checkIns = (logs.data ?? []).filter((l) => l.source === 'memory-check-in');
  const hasCheckIns = checkIns.length > 0;
  const isAllRead = checkIns.every((l) => l.read);
  // Opening the panel clears the "new check-in" flag until the set of check-ins changes.
  const [seen, setSeen] = useState('');
  const signature = checkIns.map((l) => l.uuid).join(',');
  const isNew = hasCheckIns && !isAllRead && seen !== signature;
  const [isOpen, setIsOpen] = useState(false);

  return (
    <Popover.Root
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) setSeen(signature);
      }}
    >
      <Popover.Trigger
        aria-label="Notifications"
        className={`relative rounded-lg p-2 hover:bg-panel-2 ${isNew ? 'animate-pulse text-accent-2' : 'text-muted'}`}
      >
        <Bell aria-hidden className="size-5" />
        {isNew && <span aria-hidden className="absolute top-1.5 right-1.5 size-2 rounded-full bg-accent-2" />}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label="Notifications"
          className="z-50 w-80 rounded-2xl border border-line bg-panel p-4 shadow-xl"
        >
          <h2 className="mb-3 font-semibold">Notifications</h2>
          {checkIns.length === 0 ? (
            <p className="text-sm text-muted">No new check-ins</p>
          ) : (
            <ul className="space-y-1">
              {checkIns.map((log) => (
                <li key={log.uuid}>
                  <button
                    type="button"
                    onClick={() => {
                      setIsOpen(false);
                      markChatLogRead(log.uuid)
                        .then(() => queryClient.invalidateQueries({ queryKey: ['chatlogs', userId] }))
                        .catch((error) => console.error('Marking the check-in read failed', error));
                      onOpenChat(log.uuid);
                    }}
                    className={`w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-panel-2 ${log.read ? 'text-muted' : ''}`}
                  >
                    <span className="block">{characterName} sent you a message</span>
                    <time dateTime={log.createdAt} className="text-xs text-muted">
                      {new Date(log.createdAt).toLocaleString()}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
