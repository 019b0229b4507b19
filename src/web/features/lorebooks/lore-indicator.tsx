// The lorebook entries a reply was given, behind a small button on that reply.
import { BookOpen } from 'lucide-react';
import type { TReplyLore } from '../../../shared/lorebooks.ts';
import { ReplyDetails } from '../../components/reply-details.tsx';

export function LoreIndicator({ lore }: { lore: TReplyLore[] }) {
  if (lore.length === 0) return null;
  const label = lore.length === 1 ? 'Lore used: 1 entry' : `Lore used: ${lore.length} entries`;
  return (
    <ReplyDetails icon={BookOpen} count={lore.length} label={label} title="Lore this reply was given">
      <ul className="space-y-1.5">
        {lore.map((entry) => (
          <li key={`${entry.bookId}-${entry.entryId}`}>
            <span className="font-medium">{entry.comment || entry.keys.join(', ') || 'Untitled entry'}</span>
            <span className="text-muted"> · {entry.bookName}</span>
          </li>
        ))}
      </ul>
    </ReplyDetails>
  );
}
