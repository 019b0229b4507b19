import { describe, expect, it } from 'vitest';
import type { TEmbedder } from './embedder.ts';
import { createTurnVectors, embedInContext, inContext } from './turn-vectors.ts';

/** A fake encoder: one axis per text it has seen, and every call it gets. */
function fakeEncoder(id = 'fake') {
  const axes = new Map<string, number>();
  const calls: string[][] = [];
  const embedder: TEmbedder = {
    id,
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => {
        if (!axes.has(t)) axes.set(t, axes.size);
        return Array.from({ length: 8 }, (_, i) => (i === axes.get(t) ? 1 : 0));
      });
    },
  };
  return { embedder, calls, axis: (t: string) => axes.get(t) ?? -1 };
}

describe('a message in its context from the turns’ own vectors', () => {
  it('adds the previous turn at its weight to the message and keeps unit length', () => {
    const v = inContext(
      [1, 0, 0],
      [
        [0, 0, 1],
        [0, 1, 0],
      ],
      [0.5],
    );
    expect(v[0]).toBeCloseTo(1 / Math.sqrt(1.25), 6);
    expect(v[1]).toBeCloseTo(0.5 / Math.sqrt(1.25), 6);
    expect(v[2]).toBe(0);
    expect(inContext([1, 0], [])).toEqual([1, 0]);
  });

  it('embeds the message alone when its previous turn was embedded as a message before', async () => {
    const { embedder, calls, axis } = fakeEncoder();
    const kept = createTurnVectors();
    const first = await embedInContext(embedder, kept, 'My sister is moving', []);
    expect(first?.context).toBe(first?.own);
    const next = await embedInContext(embedder, kept, 'where to?', ['hello', 'My sister is moving']);
    expect(calls).toEqual([['My sister is moving'], ['where to?']]);
    // The message's own vector is the encoder's array; the context leans on the last turn.
    expect(next?.own[axis('where to?')]).toBe(1);
    expect(next?.context[axis('My sister is moving')]).toBeGreaterThan(0.5);
    expect(next?.context[axis('where to?')]).toBeGreaterThan(next?.context[axis('My sister is moving')] ?? 1);
  });

  it('embeds a turn it does not keep in the same call as the message (another instance served it)', async () => {
    const { embedder, calls } = fakeEncoder();
    const kept = createTurnVectors();
    await embedInContext(embedder, kept, 'when is it?', ['', 'I have an interview']);
    await embedInContext(embedder, kept, 'I am nervous', ['I have an interview', 'when is it?']);
    expect(calls).toEqual([['when is it?', 'I have an interview'], ['I am nervous']]);
  });

  it('keeps vectors by encoder: another encoder’s are made again', async () => {
    const kept = createTurnVectors();
    await embedInContext(fakeEncoder('a').embedder, kept, 'My dog is called Biscuit', []);
    const b = fakeEncoder('b');
    await embedInContext(b.embedder, kept, 'how old is he?', ['My dog is called Biscuit']);
    expect(b.calls).toEqual([['how old is he?', 'My dog is called Biscuit']]);
  });

  it('forgets the least recently used vector beyond its size', () => {
    const kept = createTurnVectors(2);
    kept.set('m', 'a', [1]);
    kept.set('m', 'b', [2]);
    expect(kept.get('m', 'a')).toEqual([1]);
    kept.set('m', 'c', [3]);
    expect(kept.get('m', 'b')).toBeUndefined();
    expect(kept.get('m', 'a')).toEqual([1]);
    expect(kept.get('m', 'c')).toEqual([3]);
  });
});
