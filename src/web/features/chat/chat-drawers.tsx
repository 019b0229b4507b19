// The chat screen's drawers, opened from its panel: History, Memories and the chat's Lorebooks.
import type { useDrawer } from '../../components/drawer.tsx';
import { ChatLorebooksDrawer } from '../lorebooks/chat-lorebooks-drawer.tsx';
import { MemoriesDrawer } from '../memories/memories-drawer.tsx';
import { HistoryDrawer } from './history-drawer.tsx';

export type TDrawerControl = ReturnType<typeof useDrawer>;
export type TChatDrawers = { memories: TDrawerControl; history: TDrawerControl; lorebooks: TDrawerControl };

export function ChatDrawers({
  drawers,
  userId,
  characterId,
  characterName,
  hist,
  isMemoryDisabled,
  onOpenChat,
  onDeletedChat,
  onOpenMemorySource,
}: {
  drawers: TChatDrawers;
  userId: number;
  characterId: number;
  characterName: string;
  /** The open chat's uuid (null: not saved yet). */
  hist: string | null;
  isMemoryDisabled: boolean;
  onOpenChat: (uuid: string) => void;
  onDeletedChat: (uuid: string) => void;
  /** A memory's source message was opened from the Memories drawer (which has closed). */
  onOpenMemorySource: () => void;
}) {
  const { history, memories, lorebooks } = drawers;
  return (
    <>
      <HistoryDrawer
        userId={userId}
        characterId={characterId}
        state={history.state}
        onClose={history.close}
        onOpenChat={onOpenChat}
        onDeletedChat={onDeletedChat}
      />
      <MemoriesDrawer
        userId={userId}
        characterId={characterId}
        state={memories.state}
        onClose={memories.close}
        canRemember={!isMemoryDisabled}
        onOpenSource={() => {
          memories.close();
          onOpenMemorySource();
        }}
      />
      <ChatLorebooksDrawer
        characterId={characterId}
        characterName={characterName}
        hist={hist}
        state={lorebooks.state}
        onClose={lorebooks.close}
      />
    </>
  );
}
