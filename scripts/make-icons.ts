// Makes the installable app's icons from the brand art (public/logo.svg): 192 and 512 px, a maskable 512
// (the tile's gradient to the edges, the rings inside the safe zone) and a 180 px Apple touch icon.
// Run once after the logo changes: `node --import tsx scripts/make-icons.ts`; the PNGs are committed.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const logo = readFileSync(path.join(root, 'public/logo.svg'), 'utf8');
const outDir = path.join(root, 'public/icons');
mkdirSync(outDir, { recursive: true });

// Maskable: square corners and the rings scaled into the central 80% safe zone.
const maskable = logo
  .replace(/(<rect[^>]*)rx="112"([^>]*\/>)/, '$1rx="0"$2<g transform="translate(51.2 51.2) scale(0.8)">')
  .replace('</svg>', '</g></svg>');

const icons: [string, string, number][] = [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, name));
  console.log(`public/icons/${name}: ${size}x${size}`);
}
