// Screen readers hear a reply once it has finished, politely, never word by word while it streams.
import { useEffect, useRef, useState } from 'react';

export function ReplyAnnouncer({
  isReplying,
  latestReply,
  characterName,
}: {
  /** True while a reply is awaited, typed out or streamed (send, regenerate, continue). */
  isReplying: boolean;
  latestReply: string | null;
  characterName: string;
}) {
  const [announcement, setAnnouncement] = useState('');
  const wasReplying = useRef(false);
  useEffect(() => {
    if (isReplying) {
      wasReplying.current = true;
      return;
    }
    if (!wasReplying.current) return;
    wasReplying.current = false;
    if (latestReply) setAnnouncement(`${characterName}: ${latestReply}`);
  }, [isReplying, latestReply, characterName]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="reply-announcer">
      {announcement}
    </div>
  );
}
