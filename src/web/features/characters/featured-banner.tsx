// One themed banner on home: its background picture, title, and four featured characters.
import type { TBanner } from '../../../shared/characters.ts';
import { CharacterCard } from './character-card.tsx';

export function FeaturedBanner({ banner }: { banner: TBanner }) {
  const headingId = `banner-${banner.group}`;
  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden rounded-3xl border border-line bg-panel bg-cover bg-center"
      style={{ backgroundImage: `url(${banner.backgroundUrl})` }}
    >
      <div className="absolute inset-0 bg-gradient-to-r from-ink/85 via-ink/45 to-ink/10" aria-hidden />
      <div className="relative p-5 sm:p-7">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-white sm:text-2xl">
          {banner.title}
        </h2>
        <p className="mb-5 text-sm text-white/75">{banner.subtitle}</p>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {banner.characters.map((character) => (
            <li key={character.id}>
              <CharacterCard character={character} variant="glass" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
