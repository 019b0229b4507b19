// `npm start`'s first step: build the web app only when its sources changed since the last build (a hash
// of every file the build reads, kept beside the build), so an unchanged start skips Vite's few seconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = [
  'src/web',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'package-lock.json',
];
const STAMP = path.join(ROOT, 'dist', '.source-hash');

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files)) {
    hash.update(file);
    hash.update(readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex');
}

const current = sourceHash();
const built =
  existsSync(STAMP) && existsSync(path.join(ROOT, 'dist', 'index.html')) ? readFileSync(STAMP, 'utf8') : '';
if (built === current) {
  console.log('Web app unchanged since the last build: not building it again.');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, current);
}
