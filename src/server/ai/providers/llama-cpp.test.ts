import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTinyGguf } from '../../../test-support/tiny-gguf-suite.ts';
import {
  ModelUnavailableError,
  type TChatModel,
  type TReplyChunk,
  type TStreamReplyInput,
} from '../chat-model.ts';
import { createLlamaCppModel } from './llama-cpp.ts';

async function collect(model: TChatModel, input: Partial<TStreamReplyInput> = {}): Promise<TReplyChunk[]> {
  const chunks: TReplyChunk[] = [];
  for await (const chunk of model.streamReply({
    messages: [
      { role: 'system', content: 'You are a friend.' },
      { role: 'user', content: 'hello friend' },
    ],
    withThoughts: false,
    maxTokens: 8,
    ...input,
  })) {
    chunks.push(chunk);
  }
  return chunks;
}

describe('llama.cpp provider', () => {
  const gguf = setUpTinyGguf('kindred-llama-', 'tiny.gguf', (modelPath) =>
    createLlamaCppModel({ modelPath, gpu: false, contextSize: 512, seed: 7 }),
  );

  it('loads a GGUF lazily and streams generated text', { timeout: 60_000 }, async () => {
    expect(gguf.model.id).toBe('llama-cpp:tiny.gguf');
    expect(await gguf.model.isAvailable()).toBe(true);
    const chunks = await collect(gguf.model);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((c) => c.type === 'text')).toBe(true);
    expect(chunks.map((c) => c.text).join('').length).toBeGreaterThan(0);
  });

  it('runs more chats than it has sequences by queueing them', { timeout: 60_000 }, async () => {
    const replies = await Promise.all([
      collect(gguf.model),
      collect(gguf.model),
      collect(gguf.model),
      collect(gguf.model),
    ]);
    for (const chunks of replies) expect(chunks.length).toBeGreaterThan(0);
  });

  it('frees its sequence when the reader stops early or aborts', { timeout: 60_000 }, async () => {
    for (let i = 0; i < 3; i++) {
      for await (const _chunk of gguf.model.streamReply({
        messages: [{ role: 'user', content: 'hi' }],
        withThoughts: false,
        maxTokens: 50,
      })) {
        break;
      }
    }
    const aborted = await collect(gguf.model, { signal: AbortSignal.abort(), maxTokens: 50 });
    expect(aborted.length).toBeLessThanOrEqual(1);
    expect((await collect(gguf.model)).length).toBeGreaterThan(0);
  });

  it('a missing file is unavailable and replies throw ModelUnavailableError', async () => {
    const missing = createLlamaCppModel({ modelPath: join(gguf.dir, 'nope.gguf'), gpu: false });
    expect(await missing.isAvailable()).toBe(false);
    await expect(collect(missing)).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('a file that is not a model throws ModelUnavailableError', { timeout: 60_000 }, async () => {
    await writeFile(join(gguf.dir, 'broken.gguf'), 'this is not a gguf file');
    const broken = createLlamaCppModel({ modelPath: join(gguf.dir, 'broken.gguf'), gpu: false });
    expect(await broken.isAvailable()).toBe(true);
    await expect(collect(broken)).rejects.toBeInstanceOf(ModelUnavailableError);
  });
});
