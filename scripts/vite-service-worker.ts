// Build step: writes /sw.js from src/web/sw/service-worker.js with this build's version and app shell
// (the entry chunk, the chunks and styles it loads at once, the offline page, manifest and icons).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

const SOURCE = path.resolve(import.meta.dirname, '../src/web/sw/service-worker.js');
/** Files from public/ that belong to the shell (the offline page and what it and the manifest show). */
const PUBLIC_SHELL = [
  '/offline.html',
  '/manifest.webmanifest',
  '/logo.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

/** The entry chunk and everything it imports statically, with their CSS. */
export function appShell(bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      ?.importedCss ?? []) {
      files.add(css);
    }
    for (const imported of chunk.imports) visit(imported);
  };
  for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
  return [...[...files].sort().map((f) => `/${f}`), ...PUBLIC_SHELL];
}

export function serviceWorker(): Plugin {
  return {
    name: 'kindred-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = appShell(bundle);
      const source = readFileSync(SOURCE, 'utf8');
      const version = createHash('sha256')
        .update(source)
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const code = source
        .replace('__KINDRED_SW_VERSION__;', `${JSON.stringify(version)};`)
        .replace('__KINDRED_SW_SHELL__;', `${JSON.stringify(shell)};`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
