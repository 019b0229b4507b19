// Build step: a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, made once
// at the highest levels, so the server sends them as they are instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats worth compressing; source maps only load with the developer tools open. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
/** Below this a compressed copy saves less than its Content-Encoding header costs (a 0.6-1.2 KB chunk still
 * shrinks by a third or more, and the chat screen loads a dozen such chunks). */
const MIN_BYTES = 256;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesUnder(full);
    return [full];
  });
}

/** Writes `file.br` and `file.gz` for each compressible file in `dir`; a copy that is not smaller is skipped. */
export function precompressFolder(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const brotli = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    });
    const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.byteLength < raw.byteLength) writeFileSync(`${file}.br`, brotli);
    if (gzip.byteLength < raw.byteLength) writeFileSync(`${file}.gz`, gzip);
    files += 1;
    bytes += raw.byteLength;
    brotliBytes += Math.min(brotli.byteLength, raw.byteLength);
  }
  return { files, bytes, brotliBytes };
}

/** The Vite plugin: precompresses the finished build (the bundle and the copied public folder). */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kindred-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const { files, bytes, brotliBytes } = precompressFolder(outDir);
      config.logger.info(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(1)} KB → ${(brotliBytes / 1024).toFixed(1)} KB brotli`,
      );
    },
  };
}
