// The unread check-in count outside the chat's bell: in the sidebar and on home. It opens the newest
// unread check-in's chat and marks it read, as the bell's panel does.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import { markChatLogRead } from '../features/chat/chat-api.ts';
import { checkInsQuery } from '../features/memories/memories-api.ts';

export function CheckInsLink({ className = '' }: { className?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unread = (useQuery(checkInsQuery).data ?? []).filter((l) => !l.read);
  if (unread.length === 0) return null;
  const newest = unread[0]!;
  const label = unread.length === 1 ? '1 new check-in' : `${unread.length} new check-ins`;
  return (
    <button
      type="button"
      onClick={() => {
        markChatLogRead(newest.uuid)
          .then(() => queryClient.invalidateQueries({ queryKey: checkInsQuery.queryKey }))
          .catch((error) => console.error('Marking the check-in read failed', error));
        navigate(`/chat/${newest.characterId}?hist=${newest.uuid}`);
      }}
      className={`flex items-center gap-2 rounded-xl border border-accent/50 bg-accent/15 px-3 py-2 text-sm text-white hover:bg-accent/25 ${className}`}
    >
      <Bell aria-hidden className="size-4 text-accent-2" />
      <span>{label}</span>
      <span className="ml-auto truncate text-xs text-muted">from {newest.characterName}</span>
    </button>
  );
}
