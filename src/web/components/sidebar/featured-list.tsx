// The sidebar's fixed list of the built-in cast, each linking to its chat.
import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { featuredQuery } from '../../features/characters/queries.ts';
import { Avatar } from '../avatar.tsx';

export function FeaturedList() {
  const { data } = useQuery(featuredQuery);
  return (
    <section aria-labelledby="sidebar-featured">
      <h2
        id="sidebar-featured"
        className="px-2 pb-2 text-xs font-semibold tracking-wider text-muted uppercase"
      >
        Featured
      </h2>
      <ul className="space-y-0.5">
        {data?.sidebar.map((character) => (
          <li key={character.id}>
            <NavLink
              to={`/chat/${character.id}`}
              className={({ isActive }) =>
                `flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm transition hover:bg-panel-2 ${
                  isActive ? 'bg-panel-2 text-white' : 'text-white/85'
                }`
              }
            >
              <Avatar src={character.avatarUrl} alt="" size={28} />
              <span className="truncate">{character.name}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
