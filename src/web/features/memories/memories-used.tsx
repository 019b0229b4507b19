// The person's memories a reply was given, behind a small button on that reply (read when opened).
import { useQuery } from '@tanstack/react-query';
import { Brain } from 'lucide-react';
import { useState } from 'react';
import { ReplyDetails } from '../../components/reply-details.tsx';
import { replyMemoriesQuery } from './memories-api.ts';

export function MemoriesUsed({ hist, position, ids }: { hist: string; position: number; ids: number[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const used = useQuery({ ...replyMemoriesQuery(hist, position), enabled: isOpen });
  if (ids.length === 0) return null;
  const gone = used.data ? ids.length - used.data.length : 0;
  return (
    <ReplyDetails
      icon={Brain}
      count={ids.length}
      label={`Memories used: ${ids.length}`}
      title="Memories this reply was given"
      onOpenChange={setIsOpen}
    >
      {used.isPending ? (
        <p className="text-muted">Loading memories...</p>
      ) : used.isError ? (
        <p role="alert" className="text-red-300">
          {used.error.message}
        </p>
      ) : (
        <ul className="space-y-1.5">
          {used.data.map((m) => (
            <li key={m.id} className="break-words">
              {m.kind && <span className="text-muted capitalize">{m.kind} · </span>}
              {m.fact ?? m.content}
            </li>
          ))}
          {gone > 0 && (
            <li className="text-muted">
              {gone === 1 ? '1 memory since deleted' : `${gone} memories since deleted`}
            </li>
          )}
        </ul>
      )}
    </ReplyDetails>
  );
}
