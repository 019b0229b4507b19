// The sidebar's 'Recent chats' (the person's latest, across characters) and 'Your characters', below the
// featured cast; each opens its chat.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import type { TRecentChat } from '../../../shared/chat.ts';
import { ownCharactersQuery } from '../../features/characters/queries.ts';
import { api } from '../../lib/api.ts';
import { Avatar } from '../avatar.tsx';
import { GroupFaces } from '../group-faces.tsx';

export const recentChatsQuery = {
  queryKey: ['chatlogs', 'recent'],
  queryFn: () => api<TRecentChat[]>('/api/chatlogs/recent?limit=6'),
};

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm transition hover:bg-panel-2 ${
    isActive ? 'bg-panel-2 text-white' : 'text-white/85'
  }`;

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="px-2 pb-2 text-xs font-semibold tracking-wider text-muted uppercase">
      {children}
    </h2>
  );
}

export function RecentChats() {
  const { data } = useQuery(recentChatsQuery);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="sidebar-recent">
      <Heading id="sidebar-recent">Recent chats</Heading>
      <ul className="space-y-0.5">
        {data.map((chat) => (
          <li key={chat.uuid}>
            <NavLink to={`/chat/${chat.characterId}?hist=${chat.uuid}`} className={itemClass} end>
              {chat.members ? (
                <GroupFaces members={chat.members} size={24} />
              ) : (
                <Avatar src={chat.avatarUrl} alt="" size={28} />
              )}
              <span className="min-w-0">
                <span className="block truncate">
                  {chat.members ? chat.members.map((m) => m.name).join(', ') : chat.characterName}
                </span>
                <span className="block truncate text-xs text-muted">
                  {chat.title ?? chat.preview ?? '[No content]'}
                </span>
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OwnCharactersList({ userId }: { userId: number }) {
  const query = useInfiniteQuery(ownCharactersQuery(userId));
  const characters = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (characters.length === 0) return null;
  return (
    // A group, not a region: home's 'Your Characters' is the page's region of that name (axe's
    // landmark-unique compares names without case). A list of links, so no fieldset.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls
    <div role="group" aria-labelledby="sidebar-own">
      <Heading id="sidebar-own">Your characters</Heading>
      <ul className="space-y-0.5">
        {characters.map((character) => (
          <li key={character.id}>
            <NavLink to={`/chat/${character.id}`} className={itemClass}>
              <Avatar src={character.avatarUrl} alt="" size={28} />
              <span className="truncate">{character.name}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
