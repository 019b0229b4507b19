// 'Chat History': the person's past chats with this character, each opening ?hist=<uuid>.
import { useQuery } from '@tanstack/react-query';
import { chatLogsQuery } from './chat-api.ts';
import { Drawer, type TDrawerState } from './drawer.tsx';

export function HistoryDrawer({
  userId,
  characterId,
  state,
  onClose,
  onOpenChat,
}: {
  userId: number;
  characterId: number;
  state: TDrawerState;
  onClose: () => void;
  onOpenChat: (uuid: string) => void;
}) {
  const logs = useQuery({ ...chatLogsQuery(userId, characterId), enabled: state !== 'closed' });
  const chats = (logs.data ?? []).filter((l) => l.source === 'text');
  return (
    <Drawer title="Chat History" state={state} onClose={onClose}>
      {logs.isLoading ? (
        <p className="text-muted">Loading...</p>
      ) : chats.length === 0 ? (
        <p className="text-muted">No past chats yet</p>
      ) : (
        <ul className="space-y-2">
          {chats.map((log) => (
            <li key={log.uuid}>
              <button
                type="button"
                onClick={() => onOpenChat(log.uuid)}
                className="w-full rounded-xl border border-line bg-panel-2 px-4 py-3 text-left hover:border-accent"
              >
                <time dateTime={log.updatedAt} className="block text-xs text-muted">
                  {new Date(log.updatedAt).toLocaleString()}
                </time>
                <span className="mt-1 block break-words">{log.preview ?? '[No content]'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
