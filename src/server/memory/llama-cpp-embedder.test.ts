import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../../test-support/tiny-gguf.ts';
import { setUpTinyGguf } from '../../test-support/tiny-gguf-suite.ts';
import { loadConfig } from '../config.ts';
import { cosine, createEmbedder, EMBEDDING_DIMENSIONS } from './embedder.ts';
import {
  createLlamaCppEmbedder,
  EMBEDDING_GGUF_FILE,
  type TLlamaCppEmbedder,
  toColumnWidth,
} from './llama-cpp-embedder.ts';

describe('embedding GGUF through node-llama-cpp (a random-weight model)', () => {
  const gguf = setUpTinyGguf('kindred-embed-', 'tiny-embed.gguf', (modelPath) =>
    createLlamaCppEmbedder({ modelPath, gpu: false, threads: 1 }),
  );

  it('gives unit vectors of the column’s width, the same for the same text', {
    timeout: 60_000,
  }, async () => {
    expect(gguf.model.id).toBe('llama-cpp-embed:tiny-embed.gguf');
    const [a, b, again] = await gguf.model.embed([
      'My dog Biscuit is afraid of thunder',
      'I work nights',
      'My dog Biscuit is afraid of thunder',
    ]);
    for (const v of [a, b, again]) {
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(Math.hypot(...(v ?? []))).toBeCloseTo(1, 5);
    }
    expect(again).toEqual(a);
    expect(cosine(a ?? [], b ?? [])).toBeLessThan(0.9999);
  });

  it("runs a reply's text before background texts asked first, and answers both whole", {
    timeout: 60_000,
  }, async () => {
    const facts = Array.from({ length: 12 }, (_, k) => `The person mentioned fact number ${k}`);
    const finished: string[] = [];
    const judge = gguf.model.embed(facts, { background: true }).then((v) => {
      finished.push('judge');
      return v;
    });
    const reply = gguf.model.embed(['what was my dog called?']).then((v) => {
      finished.push('reply');
      return v;
    });
    const [judged, [asked]] = await Promise.all([judge, reply]);
    expect(finished).toEqual(['reply', 'judge']);
    expect(judged).toHaveLength(facts.length);
    expect(judged[11]).toEqual((await gguf.model.embed([facts[11]!]))[0]);
    expect(asked).toEqual((await gguf.model.embed(['what was my dog called?']))[0]);
  });

  it('a missing model file fails the call (memory then falls back to full text) and is tried again later', async () => {
    const missing = createLlamaCppEmbedder({ modelPath: join(gguf.dir, 'missing.gguf'), gpu: false });
    await expect(missing.embed(['hello'])).rejects.toThrow();
    await expect(missing.embed(['hello'])).rejects.toThrow();
    await missing.dispose();
  });

  it('pads a shorter vector with zeros, keeping cosines, and cuts a longer one to 512', () => {
    const short = toColumnWidth([3, 4]);
    expect(short.slice(0, 2)).toEqual([0.6, 0.8]);
    expect(short).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(toColumnWidth(Array.from({ length: 768 }, () => 1))).toHaveLength(EMBEDDING_DIMENSIONS);
  });

  it('is the encoder once the owner has the file in the data folder; the shipped encoder until then', async () => {
    const dataDir = join(gguf.dir, 'data');
    const config = () => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(createEmbedder(config()).id).not.toMatch(/^llama-cpp-embed:/);
    await mkdir(join(dataDir, 'models'), { recursive: true });
    await writeTinyGguf(join(dataDir, 'models', EMBEDDING_GGUF_FILE));
    const fromDataFolder = createEmbedder(config());
    expect(fromDataFolder.id).toBe(`llama-cpp-embed:${EMBEDDING_GGUF_FILE}`);
    const [v] = await fromDataFolder.embed(['I grew up in Wales']);
    expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
    await (fromDataFolder as TLlamaCppEmbedder).dispose();
  }, 60_000);
});
