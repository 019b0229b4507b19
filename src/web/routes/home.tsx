// / (home): greeting, search, the person's own characters, then three themed banners of four.
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../components/avatar.tsx';
import { CheckInsLink } from '../components/check-ins-link.tsx';
import { FeaturedBanner } from '../features/characters/featured-banner.tsx';
import { featuredQuery } from '../features/characters/queries.ts';
import { SearchBox } from '../features/characters/search-box.tsx';
import { YourCharacters } from '../features/characters/your-characters.tsx';
import { StartGroupButton } from '../features/groups/start-group-button.tsx';
import { useSession } from '../lib/session.ts';

export function HomeRoute() {
  const { data: user } = useSession();
  const featured = useQuery(featuredQuery);
  if (!user) return <main className="p-8 text-muted">Loading...</main>;
  const name = user.name ?? user.username;
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-8">
      <SearchBox className="max-w-md" />
      <header className="flex items-center gap-4">
        <Avatar src={user.image} alt={name} size={64} className="ring-2 ring-accent/60" />
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back {name}</h1>
          <p className="text-muted">Nothing else matters here — just you and them</p>
        </div>
      </header>
      <CheckInsLink className="max-w-md" />
      <StartGroupButton />
      <YourCharacters userId={user.id} />
      <div className="space-y-6">
        {featured.data?.banners.map((banner) => (
          <FeaturedBanner key={banner.group} banner={banner} />
        ))}
      </div>
    </main>
  );
}
