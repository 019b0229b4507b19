import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { describe, expect, it } from 'vitest';
import { buildTinyGguf, writeTinyGguf } from './tiny-gguf.ts';

describe('tiny GGUF', () => {
  it('is a small, deterministic GGUF v3 file', () => {
    const bytes = buildTinyGguf();
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('GGUF');
    expect(bytes.readUInt32LE(4)).toBe(3);
    expect(bytes.length).toBeLessThan(400_000);
    expect(buildTinyGguf().equals(bytes)).toBe(true);
    expect(buildTinyGguf({ seed: 1 }).equals(bytes)).toBe(false);
  });

  it('parses as a llama model with a SentencePiece vocabulary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kindred-gguf-'));
    try {
      const path = join(dir, 'tiny.gguf');
      await writeTinyGguf(path);
      const info = await readGgufFileInfo(path);
      expect(info.version).toBe(3);
      expect(info.metadata.general.architecture).toBe('llama');
      expect(info.metadata.tokenizer.ggml.model).toBe('llama');
      expect(info.metadata.tokenizer.ggml.tokens).toContain('<0x0A>');
      expect(info.tensorInfo?.map((t) => t.name)).toContain('blk.0.ffn_down.weight');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
