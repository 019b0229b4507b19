// A character's card: avatar, name and tagline, the whole card a link to its chat.
import { Link } from 'react-router';
import type { TPersonaListItem } from '../../../shared/characters.ts';
import { Avatar } from '../../components/avatar.tsx';

export function CharacterCard({
  character,
  variant = 'panel',
}: {
  character: TPersonaListItem;
  variant?: 'panel' | 'glass';
}) {
  const surface =
    variant === 'glass'
      ? 'bg-ink/55 backdrop-blur-md border-white/10 hover:bg-ink/70'
      : 'bg-panel border-line hover:bg-panel-2';
  return (
    <Link
      to={`/chat/${character.id}`}
      className={`group flex h-full flex-col items-center gap-2 rounded-2xl border px-3 pt-4 pb-3 text-center transition hover:-translate-y-0.5 hover:border-accent/60 focus-visible:outline-2 focus-visible:outline-accent ${surface}`}
    >
      <Avatar
        src={character.avatarUrl}
        alt=""
        size={72}
        className="ring-2 ring-white/10 transition group-hover:ring-accent/70"
      />
      <div className="w-full min-w-0">
        {/* Named by what it shows, "Name tagline": a visually hidden colon between them read as
            "Name : tagline" in Chromium, and a label of its own fails axe's label-content-name-mismatch. */}
        <p className="truncate font-semibold text-white">{character.name}</p>
        <p className="line-clamp-2 text-sm text-white/65">{character.tagline}</p>
      </div>
    </Link>
  );
}
