// The first page's weight: builds the SPA into a temporary folder (dist/ may not exist yet in CI) and
// reads Vite's manifest to add up the JavaScript each screen needs before it shows, gzipped.
// /login ≤ 100 KB, the chat screen ≤ 250 KB (1 KB = 1024 bytes, gzip at zlib's default level).
// A screen imported statically into router.tsx or main.tsx lands in the first page: use `lazy`.
// What the browser really downloads (brotli, headers included, ≤ 100 and ≤ 200 KB) is checked by
// e2e/transfer-size.spec.ts; this test is the quick check that runs without a browser.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type TManifestChunk = { file: string; name?: string; imports?: string[]; isEntry?: boolean };
type TManifest = Record<string, TManifestChunk>;

const KB = 1024;
const BUDGETS = {
  /** /login: the entry, the login screen. */
  login: 100 * KB,
  /** /chat/:id: the entry, the query layout, the signed-in guard's modules, the shell and the chat screen. */
  chat: 250 * KB,
};

let outDir: string;
let manifest: TManifest;

beforeAll(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-bundle-'));
  execFileSync(
    process.execPath,
    [
      path.resolve('node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--sourcemap',
      'false',
      '--logLevel',
      'error',
    ],
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as TManifest;
}, 300_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A source module's manifest key; a module shared by several chunks is keyed by its chunk's name. */
function keyOf(source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source).replace(/\.tsx?$/, '');
  return Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]!.name === name) ?? source;
}

/** The files a module needs at once: its own chunk and, recursively, the chunks it imports statically. */
function filesOf(source: string, into = new Set<string>()): Set<string> {
  const key = keyOf(source);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest (renamed? then update this test)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(imported, into);
  return into;
}

function gzippedBytes(keys: string[]): { bytes: number; files: string[] } {
  const files = new Set<string>();
  for (const key of keys) filesOf(key, files);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(outDir, f))).byteLength, 0);
  return { bytes, files: js };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

describe('JavaScript budgets of the first page (gzip)', () => {
  it(`/login needs at most ${kb(BUDGETS.login)}`, () => {
    const { bytes, files } = gzippedBytes(['index.html', 'src/web/routes/login.tsx']);
    expect(bytes, `/login loads ${kb(bytes)}: ${files.join(', ')}`).toBeLessThanOrEqual(BUDGETS.login);
    // The query library and the chat screen are not part of it.
    expect(files).not.toContain(manifest['src/web/routes/chat.tsx']!.file);
    expect(files).not.toContain(manifest['src/web/components/query-layout.tsx']!.file);
  });

  it(`the chat screen needs at most ${kb(BUDGETS.chat)}`, () => {
    const { bytes, files } = gzippedBytes([
      'index.html',
      'src/web/components/query-layout.tsx',
      'src/web/lib/query-client.ts',
      'src/web/lib/session.ts',
      'src/web/components/app-shell.tsx',
      'src/web/routes/chat.tsx',
    ]);
    expect(bytes, `the chat screen loads ${kb(bytes)}: ${files.join(', ')}`).toBeLessThanOrEqual(
      BUDGETS.chat,
    );
  });

  it('every screen is its own chunk, loaded on first visit', () => {
    const entry = filesOf('index.html');
    for (const screen of ['login', 'home', 'chat', 'search', 'profile', 'create-character', 'edit-profile']) {
      const chunk = manifest[`src/web/routes/${screen}.tsx`];
      expect(chunk, `src/web/routes/${screen}.tsx is lazy`).toBeDefined();
      expect(entry.has(chunk!.file)).toBe(false);
    }
  });
});
