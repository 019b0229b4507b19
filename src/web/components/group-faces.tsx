// A group chat's members as overlapping avatars (History, the sidebar), named for screen readers.
import type { TGroupFace } from '../../shared/groups.ts';
import { Avatar } from './avatar.tsx';

export function GroupFaces({ members, size = 24 }: { members: TGroupFace[]; size?: number }) {
  const names = members.map((m) => m.name).join(', ');
  return (
    <span role="img" aria-label={`Group: ${names}`} title={names} className="flex shrink-0 -space-x-2">
      {members.slice(0, 4).map((m) => (
        <Avatar key={m.characterId} src={m.avatarUrl} alt="" size={size} className="ring-2 ring-panel" />
      ))}
    </span>
  );
}
