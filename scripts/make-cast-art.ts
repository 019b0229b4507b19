// Generates the artwork Kindred ships with: cast avatars, home banner backgrounds and the default logo.
// Run: npx tsx scripts/make-cast-art.ts  (output is deterministic, so re-running only changes files on purpose)
//
// Avatars use DiceBear's "lorelei" style by Lisa Wischofsky, licensed CC0 1.0 (see
// node_modules/@dicebear/lorelei/LICENSE). Styles under CC BY (adventurer, micah, ...) are not used
// because they would need attribution in the product.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lorelei } from '@dicebear/collection';
import { createAvatar, type StyleOptions } from '@dicebear/core';
import { BANNERS, CAST } from '../src/server/db/seed/cast.ts';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

type LoreleiOptions = StyleOptions<lorelei.Options>;

const HAPPY = [
  'happy01',
  'happy02',
  'happy03',
  'happy05',
  'happy06',
  'happy08',
  'happy09',
  'happy11',
] as const;

// A look per character: two background colours (top to bottom), then whatever lorelei options suit them.
const ART: Record<string, { bg: [string, string]; look: LoreleiOptions }> = {
  'seraphine-vale': { bg: ['b7c4d9', '7f93b5'], look: { skinColor: ['f2d3b1'], hairColor: ['c9a66b'] } },
  ganondorf: {
    bg: ['8a2424', '3d0f14'],
    look: {
      skinColor: ['8d5a3b'],
      hairColor: ['a3261b'],
      hair: ['variant20'],
      beard: ['variant02'],
      beardProbability: 100,
      mouth: ['happy14'],
    },
  },
  rook: { bg: ['4a5d70', '1f2a36'], look: { skinColor: ['e8c39e'], hairColor: ['2b2b2b'] } },
  thanos: {
    bg: ['6c4fa3', '2e1f4d'],
    // lorelei's variant25 is the closest it has to a bald head.
    look: { skinColor: ['a58bc4'], hair: ['variant25'], hairColor: ['a58bc4'], mouth: ['sad03'] },
  },
  'juniper-hale': {
    bg: ['f4d8c4', 'dfa78c'],
    look: { skinColor: ['f5d6bf'], hairColor: ['a0522d'], glasses: ['variant01'], glassesProbability: 100 },
  },
  'luca-ferrante': {
    bg: ['f8c98f', 'e0864f'],
    look: { skinColor: ['e0ac82'], hairColor: ['3b2a20'], beard: ['variant01'], beardProbability: 100 },
  },
  'elias-thorne': {
    bg: ['cfdcc0', '93ad82'],
    look: {
      skinColor: ['f0cfb4'],
      hairColor: ['d9d9d9'],
      beard: ['variant01'],
      beardProbability: 100,
      glasses: ['variant05'],
      glassesProbability: 100,
    },
  },
  'sunny-park': { bg: ['ffe39a', 'ffb938'], look: { skinColor: ['f1c9a5'], hairColor: ['1c1c1c'] } },
  'imani-vega': { bg: ['2c4f94', '0f1f40'], look: { skinColor: ['7a4a2e'], hairColor: ['1a1a1a'] } },
  kay: { bg: ['d6eedf', '8fc7a8'], look: { skinColor: ['dde3ea'], hairColor: ['8a9bb0'] } },
  mirela: { bg: ['3aa5b3', '145463'], look: { skinColor: ['c4e6da'], hairColor: ['35a89b'] } },
  'zephyr-quinn': {
    bg: ['b5e0f5', '5fa8d8'],
    look: { skinColor: ['f0c8a0'], hairColor: ['e3b04b'], freckles: ['variant01'], frecklesProbability: 100 },
  },
  'hollis-grey': { bg: ['6e6e7a', '2e2e36'], look: { skinColor: ['eccfb3'], hairColor: ['3a3a3a'] } },
  'wren-ashby': {
    bg: ['ecdcf3', 'c2a3d6'],
    look: { skinColor: ['f6dcc8'], hairColor: ['6b4226'], freckles: ['variant01'], frecklesProbability: 100 },
  },
  'marguerite-fen': {
    bg: ['889a63', '46552f'],
    look: {
      skinColor: ['e9c6a5'],
      hairColor: ['eeeeee'],
      hairAccessories: ['flowers'],
      hairAccessoriesProbability: 100,
    },
  },
  'tamsin-reed': {
    bg: ['ffd7bd', 'f29566'],
    look: { skinColor: ['f3d2b8'], hairColor: ['b5651d'], earringsProbability: 100 },
  },
  ember: { bg: ['ffa05c', 'c9400c'], look: { skinColor: ['f7b267'], hairColor: ['a4161a'] } },
  'kai-mendes': { bg: ['86d9cf', '2f958a'], look: { skinColor: ['b07a52'], hairColor: ['2a1d14'] } },
};

function avatarSvg(slug: string): string {
  const art = ART[slug];
  if (!art) throw new Error(`No art settings for cast member "${slug}"`);
  return createAvatar(lorelei, {
    seed: slug,
    mouth: [...HAPPY],
    // Accessories only where a character's look asks for them, never by chance.
    beardProbability: 0,
    glassesProbability: 0,
    earringsProbability: 0,
    frecklesProbability: 0,
    hairAccessoriesProbability: 0,
    ...art.look,
    backgroundColor: art.bg,
    backgroundType: ['gradientLinear'],
    backgroundRotation: [180],
  }).toString();
}

// Small deterministic PRNG so banners come out identical on every run.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1200;
const H = 300;
const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;

function svgDoc(body: string, defs: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice">
<defs>${defs}
<linearGradient id="legible" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.4"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
${body}
<rect width="${W}" height="${H}" fill="url(#legible)"/>
</svg>
`;
}

// Heroes & Villains: wine-to-indigo with angular shards and a low ember glow.
function bannerHeroes(): string {
  const rand = mulberry32(7);
  const shards: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = 380 + rand() * 860;
    const w = 40 + rand() * 160;
    const lean = 60 + rand() * 120;
    const colour = rand() < 0.3 ? '#f2b33d' : rand() < 0.6 ? '#d6336c' : '#7048e8';
    const opacity = r2(0.06 + rand() * 0.16);
    shards.push(
      `<polygon points="${r1(x)},${H} ${r1(x + w)},${H} ${r1(x + w - lean)},0 ${r1(x - lean + w * 0.4)},0" fill="${colour}" fill-opacity="${opacity}"/>`,
    );
  }
  const defs = `
<linearGradient id="bg0" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b0b1c"/><stop offset="0.55" stop-color="#4a1030"/><stop offset="1" stop-color="#1b1846"/></linearGradient>
<radialGradient id="glow0" cx="0.78" cy="1.05" r="0.6"><stop offset="0" stop-color="#ff7a3d" stop-opacity="0.7"/><stop offset="1" stop-color="#ff7a3d" stop-opacity="0"/></radialGradient>`;
  const body = `<rect width="${W}" height="${H}" fill="url(#bg0)"/>
${shards.join('\n')}
<rect width="${W}" height="${H}" fill="url(#glow0)"/>`;
  return svgDoc(body, defs);
}

// Everyday Companions: a warm late-afternoon wash with soft floating light.
function bannerCompanions(): string {
  const rand = mulberry32(11);
  const orbs: string[] = [];
  for (let i = 0; i < 18; i++) {
    const cx = 300 + rand() * 950;
    const cy = rand() * H;
    const r = 18 + rand() * 90;
    const colour = ['#fff3d6', '#ffd1a8', '#ffe9a8', '#f7b2a0'][Math.floor(rand() * 4)];
    orbs.push(
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${colour}" fill-opacity="${r2(0.12 + rand() * 0.25)}"/>`,
    );
  }
  const defs = `
<linearGradient id="bg1" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="#9c4a3a"/><stop offset="0.45" stop-color="#d9785a"/><stop offset="1" stop-color="#e9b872"/></linearGradient>
<radialGradient id="sun1" cx="0.85" cy="0.25" r="0.45"><stop offset="0" stop-color="#fff4d6" stop-opacity="0.7"/><stop offset="1" stop-color="#fff4d6" stop-opacity="0"/></radialGradient>`;
  const hills = `<path d="M0 ${H} L0 230 C 200 190, 420 260, 640 220 S 1000 180, ${W} 215 L ${W} ${H} Z" fill="#6e3b2f" fill-opacity="0.35"/>
<path d="M0 ${H} L0 265 C 260 240, 520 290, 800 255 S 1100 250, ${W} 262 L ${W} ${H} Z" fill="#4f2a22" fill-opacity="0.35"/>`;
  const body = `<rect width="${W}" height="${H}" fill="url(#bg1)"/>
<rect width="${W}" height="${H}" fill="url(#sun1)"/>
${orbs.join('\n')}
${hills}`;
  return svgDoc(body, defs);
}

// Worlds Beyond: night sky with stars, a nebula haze and a ringed planet.
function bannerWorlds(): string {
  const rand = mulberry32(23);
  const stars: string[] = [];
  for (let i = 0; i < 110; i++) {
    const r = rand() < 0.9 ? 0.6 + rand() * 1.1 : 1.8 + rand() * 1.2;
    stars.push(
      `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="${r1(r)}" fill="#fff" fill-opacity="${r2(0.35 + rand() * 0.6)}"/>`,
    );
  }
  const defs = `
<linearGradient id="bg2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#070b24"/><stop offset="0.5" stop-color="#15245a"/><stop offset="1" stop-color="#3a1c5c"/></linearGradient>
<radialGradient id="neb2a" cx="0.55" cy="0.4" r="0.35"><stop offset="0" stop-color="#5ad1e6" stop-opacity="0.35"/><stop offset="1" stop-color="#5ad1e6" stop-opacity="0"/></radialGradient>
<radialGradient id="neb2b" cx="0.7" cy="0.8" r="0.4"><stop offset="0" stop-color="#c25ee8" stop-opacity="0.35"/><stop offset="1" stop-color="#c25ee8" stop-opacity="0"/></radialGradient>
<radialGradient id="planet2" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffd59e"/><stop offset="0.55" stop-color="#e07a5f"/><stop offset="1" stop-color="#5b2a4a"/></radialGradient>`;
  const planet = `<g transform="translate(1010 150) rotate(-18)">
<ellipse rx="190" ry="34" fill="none" stroke="#f7d9a8" stroke-opacity="0.35" stroke-width="10"/>
<circle r="105" fill="url(#planet2)"/>
<path d="M -190 0 A 190 34 0 0 0 190 0" fill="none" stroke="#f7d9a8" stroke-opacity="0.6" stroke-width="10"/>
</g>`;
  const body = `<rect width="${W}" height="${H}" fill="url(#bg2)"/>
<rect width="${W}" height="${H}" fill="url(#neb2a)"/>
<rect width="${W}" height="${H}" fill="url(#neb2b)"/>
${stars.join('\n')}
${planet}`;
  return svgDoc(body, defs);
}

// The Kindred mark: two overlapping rings, two beings who meet, on a violet-to-rose tile.
// Also the default avatar, so it stays legible at 24px and survives a circular crop.
function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<title>Kindred</title>
<defs>
<linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d4aff"/><stop offset="1" stop-color="#e2558f"/></linearGradient>
</defs>
<rect width="512" height="512" rx="112" fill="url(#tile)"/>
<circle cx="206" cy="256" r="104" fill="none" stroke="#fff" stroke-width="34"/>
<circle cx="306" cy="256" r="104" fill="none" stroke="#fff" stroke-opacity="0.72" stroke-width="34"/>
<path d="M256 164.8 A104 104 0 0 1 256 347.2 A104 104 0 0 1 256 164.8 Z" fill="#fff" fill-opacity="0.28"/>
</svg>
`;
}

function write(relativePath: string, content: string): void {
  const file = publicDir + relativePath;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`wrote public/${relativePath} (${Buffer.byteLength(content)} bytes)`);
}

for (const member of CAST) {
  write(member.avatarUrl.replace(/^\//, ''), avatarSvg(member.slug));
}
const banners: Record<0 | 1 | 2, () => string> = { 0: bannerHeroes, 1: bannerCompanions, 2: bannerWorlds };
for (const banner of BANNERS) {
  write(banner.backgroundUrl.replace(/^\//, ''), banners[banner.group]());
}
write('logo.svg', logoSvg());
