// 'Chat History': the person's past chats with this character, each opening ?hist=<uuid>; each can be
// renamed, or deleted after a confirmation (its memories stay unless "forget what was said here" is ticked).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TChatLogSummary } from '../../../shared/chat.ts';
import { ConfirmDialog, ConfirmTickbox } from '../../components/confirm-dialog.tsx';
import { Drawer, type TDrawerState } from '../../components/drawer.tsx';
import { chatLogsQuery } from './chat-api.ts';
import { deleteChat, renameChat } from './history-api.ts';
import { HistoryItem } from './history-item.tsx';

export function HistoryDrawer({
  userId,
  characterId,
  state,
  onClose,
  onOpenChat,
  onDeletedChat,
}: {
  userId: number;
  characterId: number;
  state: TDrawerState;
  onClose: () => void;
  onOpenChat: (uuid: string) => void;
  /** A chat was deleted (the screen leaves it if it is the open one). */
  onDeletedChat: (uuid: string) => void;
}) {
  const queryClient = useQueryClient();
  const logs = useQuery({ ...chatLogsQuery(userId, characterId), enabled: state !== 'closed' });
  const chats = (logs.data ?? []).filter((l) => l.source === 'text');
  const [toDelete, setToDelete] = useState<TChatLogSummary | null>(null);
  const [forget, setForget] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['chatlogs', userId] });

  const onRename = async (uuid: string, title: string) => {
    try {
      await renameChat(uuid, title);
      await refresh();
      return true;
    } catch (error) {
      console.error('Renaming the chat failed', error);
      toast.error('The chat could not be renamed. Please try again.');
      return false;
    }
  };

  const onConfirmDelete = async () => {
    if (!toDelete) return;
    setIsDeleting(true);
    try {
      await deleteChat(toDelete.uuid, forget);
      onDeletedChat(toDelete.uuid);
      setToDelete(null);
      setForget(false);
      await refresh();
      if (forget) void queryClient.invalidateQueries({ queryKey: ['memories'] });
    } catch (error) {
      console.error('Deleting the chat failed', error);
      toast.error('The chat could not be deleted. Please try again.');
    } finally {
      setIsDeleting(false);
    }
  };

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
              <HistoryItem
                log={log}
                onOpen={() => onOpenChat(log.uuid)}
                onRename={(title) => onRename(log.uuid, title)}
                onAskDelete={() => setToDelete(log)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete Chat"
        description="This chat and its messages will be deleted. This action cannot be undone. Memories made from it stay unless you tick the box."
        confirmLabel="Delete"
        isBusy={isDeleting}
        onCancel={() => {
          setToDelete(null);
          setForget(false);
        }}
        onConfirm={() => void onConfirmDelete()}
      >
        <ConfirmTickbox label="Also forget what was said here" isChecked={forget} onChange={setForget} />
      </ConfirmDialog>
    </Drawer>
  );
}
