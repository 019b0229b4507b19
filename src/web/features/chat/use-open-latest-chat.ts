// Spec: opened without hist, the latest 'text' chat with this character is loaded (replace), once; not after
// New Chat.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { chatLogsQuery } from './chat-api.ts';

export function useOpenLatestChat(opts: {
  userId: number;
  characterId: number;
  hist: string | null;
  isChatEmpty: boolean;
  onOpen: (uuid: string) => void;
}) {
  const [isDone, setIsDone] = useState(opts.hist !== null);
  const logs = useQuery({ ...chatLogsQuery(opts.userId, opts.characterId), enabled: !isDone });
  useEffect(() => {
    // A cached list may be stale (a chat started since it was read): only a fresh one decides.
    if (isDone || !logs.data || logs.isFetching) return;
    setIsDone(true);
    const latest = logs.data.find((l) => l.source === 'text');
    if (!opts.hist && latest && opts.isChatEmpty) opts.onOpen(latest.uuid);
  });
  return { isDone, markDone: () => setIsDone(true) };
}
