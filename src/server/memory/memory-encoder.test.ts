import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../../test-support/tiny-gguf.ts';
import { EMBEDDING_DIMENSIONS, modelOfVector, normalise, type TEmbedder } from './embedder.ts';
import { llamaCppEmbedderId } from './llama-cpp-embedder.ts';
import { createMemoryEncoder, type TMemoryEncoder } from './memory-encoder.ts';

/** The shipped encoder's stand-in: a fixed vector per text length, under USE lite's place. */
const shipped: TEmbedder = {
  id: 'shipped-test',
  embed: async (texts) =>
    texts.map((t) =>
      normalise(Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => ((i + t.length) % 7) + 1)),
    ),
};

describe('memory encoder: USE lite until the downloaded GGUF, which it takes while running', () => {
  let dir: string;
  const made: TMemoryEncoder[] = [];
  const encoderAt = (file: string) => {
    const encoder = createMemoryEncoder({
      shipped,
      ggufPath: join(dir, file),
      llama: { gpu: false, threads: 1 },
    });
    made.push(encoder);
    return encoder;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kindred-encoder-'));
    await mkdir(dir, { recursive: true });
  });
  afterAll(async () => {
    for (const encoder of made) await encoder.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the shipped encoder with no file, and the GGUF once it arrives (no restart)', {
    timeout: 60_000,
  }, async () => {
    const encoder = encoderAt('arrives.gguf');
    expect(encoder.id).toBe('shipped-test');
    expect(await encoder.switchToDownloaded()).toBe(false);
    const [before] = await encoder.embed(['My dog is called Biscuit']);
    expect(modelOfVector(encoder, before ?? [])).toBe('shipped-test');

    await writeTinyGguf(join(dir, 'arrives.gguf'));
    expect(await encoder.switchToDownloaded()).toBe(true);
    expect(encoder.id).toBe(llamaCppEmbedderId('arrives.gguf'));
    const [after] = await encoder.embed(['My dog is called Biscuit']);
    expect(after).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(after).not.toEqual(before);
    // Each vector keeps the name of the encoder that made it, whichever is in use when it is stored.
    expect(modelOfVector(encoder, after ?? [])).toBe(llamaCppEmbedderId('arrives.gguf'));
    expect(encoder.modelOf?.(before ?? [])).toBe('shipped-test');
    expect(encoder.shipped).toBe(shipped);
  });

  it('a file that is there at start is used at once', { timeout: 60_000 }, async () => {
    await writeTinyGguf(join(dir, 'present.gguf'));
    const encoder = encoderAt('present.gguf');
    expect(encoder.id).toBe(llamaCppEmbedderId('present.gguf'));
    const [v] = await encoder.embed(['I grew up in Wales']);
    expect(encoder.modelOf?.(v ?? [])).toBe(llamaCppEmbedderId('present.gguf'));
  });

  it('a broken file falls back to the shipped encoder: at start on its first embedding, and is not taken later', {
    timeout: 60_000,
  }, async () => {
    // GGUF's magic bytes, then nothing a model is made of (a cut or corrupted download).
    await writeFile(join(dir, 'broken.gguf'), Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(4096, 7)]));
    const atStart = encoderAt('broken.gguf');
    expect(atStart.id).toBe(llamaCppEmbedderId('broken.gguf'));
    const [v] = await atStart.embed(['I work nights']);
    expect(v).toEqual((await shipped.embed(['I work nights']))[0]);
    expect(atStart.modelOf?.(v ?? [])).toBe('shipped-test');
    expect(atStart.id).toBe('shipped-test');

    const later = encoderAt('broken.gguf');
    await later.embed(['hello']);
    expect(await later.switchToDownloaded()).toBe(false);
    expect(later.id).toBe('shipped-test');
  });
});
