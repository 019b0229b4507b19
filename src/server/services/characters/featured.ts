// Home's three banners of four and the sidebar's fixed list, from the seeded built-in cast.
import type { TFeatured } from '../../../shared/characters.ts';
import type { TDb } from '../../db/client.ts';
import { listBuiltInCharacters } from '../../db/queries/characters.ts';
import { BANNERS } from '../../db/seed/cast.ts';
import { toListItem } from './to-persona.ts';

const BANNER_SIZE = 4;

export async function getFeatured(db: TDb, userId: number): Promise<TFeatured> {
  const cast = (await listBuiltInCharacters(db, userId)).map(toListItem);
  const rank = (g: number | null) => g ?? Number.MAX_SAFE_INTEGER;
  const sidebar = [...cast].sort(
    (a, b) =>
      rank(a.featuredGroup) - rank(b.featuredGroup) || (a.featuredOrder ?? 0) - (b.featuredOrder ?? 0),
  );
  const banners = BANNERS.map((banner) => ({
    group: banner.group,
    title: banner.title,
    subtitle: banner.subtitle,
    backgroundUrl: banner.backgroundUrl,
    characters: sidebar.filter((c) => c.featuredGroup === banner.group).slice(0, BANNER_SIZE),
  }));
  return { banners, sidebar };
}
