// The built-in cast and home-page banners: the characters every Kindred user sees from the first visit
// (the cast's data is in cast-members.ts).
import { CAST } from './cast-members.ts';

export type CastMember = {
  id: number; // stable 1..18, never reused
  slug: string; // kebab-case, unique
  name: string; // <= 20 chars
  tagline: string; // <= 100 chars
  description: string; // role-play persona for the model, 600-1000 chars, may use {{userName}}
  greeting: string; // the character's first line to the user
  voiceId: string; // one of the flite voices: 'slt' | 'rms' | 'awb' | 'kal16'
  voiceDescription: string;
  featuredGroup: 0 | 1 | 2 | null; // banner group on home; null = sidebar only
  featuredOrder: number; // order inside group (or inside the sidebar-only tail)
  memoryDisabled: boolean; // true only for Ganondorf and Thanos
  avatarUrl: string; // '/cast/avatars/<slug>.svg'
};

export type Banner = {
  group: 0 | 1 | 2;
  title: string;
  subtitle: string;
  backgroundUrl: string; // '/cast/banners/<n>.svg'
};

export const BANNERS: Banner[] = [
  {
    group: 0,
    title: 'Heroes & Villains',
    subtitle: 'Blades, crowns and the ones who want them',
    backgroundUrl: '/cast/banners/0.svg',
  },
  {
    group: 1,
    title: 'Everyday Companions',
    subtitle: 'Good company for ordinary days',
    backgroundUrl: '/cast/banners/1.svg',
  },
  {
    group: 2,
    title: 'Worlds Beyond',
    subtitle: 'Stars, seas and places no map has found',
    backgroundUrl: '/cast/banners/2.svg',
  },
];

export { CAST } from './cast-members.ts';

/** The sidebar's fixed list: banner groups 0, 1, 2 in order, then the sidebar-only characters. */
export function castInDisplayOrder(cast: readonly CastMember[] = CAST): CastMember[] {
  const groupRank = (m: CastMember) => m.featuredGroup ?? 3;
  return [...cast].sort((a, b) => groupRank(a) - groupRank(b) || a.featuredOrder - b.featuredOrder);
}
