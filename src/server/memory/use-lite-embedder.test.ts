import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cosine, EMBEDDING_DIMENSIONS } from './embedder.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';

const texts = [
  'My sister Maya paints boats by the sea',
  'I work night shifts at the hospital',
  'My dog Biscuit is afraid of thunder',
  'What was the name of my dog again?',
];

describe('the embedded encoder, in its own thread', () => {
  it('answers concurrent callers (batched together) with the same vectors as one at a time, in order', async () => {
    const embedder = createUseLiteEmbedder();
    const alone: number[][] = [];
    for (const text of texts) alone.push(...(await embedder.embed([text])));
    const together = await Promise.all([
      embedder.embed([texts[0]!, texts[1]!]),
      embedder.embed([texts[2]!]),
      embedder.embed([texts[3]!]),
    ]);
    const flat = together.flat();
    expect(flat).toHaveLength(texts.length);
    for (const [i, v] of flat.entries()) {
      expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(cosine(v, alone[i]!)).toBeGreaterThan(0.9999);
    }
    // The dog question is nearest the dog memory.
    const sims = flat.slice(0, 3).map((v) => cosine(v, flat[3]!));
    expect(sims.indexOf(Math.max(...sims))).toBe(2);
    expect(await embedder.embed([])).toEqual([]);
  });

  it("runs a reply's text before background work that came first, and still answers the background in full", async () => {
    const embedder = createUseLiteEmbedder();
    await embedder.embed(['warm the encoder up']);
    const finished: string[] = [];
    const facts = Array.from({ length: 24 }, (_, k) => `${texts[k % 3]!}, fact number ${k}`);
    const judge = embedder.embed(facts, { background: true }).then((v) => {
      finished.push('judge');
      return v;
    });
    const reply = embedder.embed([texts[3]!]).then((v) => {
      finished.push('reply');
      return v;
    });
    const [judged, [asked]] = await Promise.all([judge, reply]);
    expect(finished).toEqual(['reply', 'judge']);
    // Cut into runs, the background texts come back whole, in order, as they would alone.
    expect(judged).toHaveLength(facts.length);
    const [last] = await embedder.embed([facts[23]!]);
    expect(cosine(judged[23]!, last!)).toBeGreaterThan(0.9999);
    const [alone] = await embedder.embed([texts[3]!]);
    expect(cosine(asked!, alone!)).toBeGreaterThan(0.9999);
  });

  // 41 encoder runs of 2,000 characters in one thread: about 7 s alone here, more beside the rest of the suite.
  it('encodes a worst-case load (many long texts at once) inside its bounded heap, each as it would alone', async () => {
    const embedder = createUseLiteEmbedder();
    const words = 'my sister Maya paints boats by the sea while I work night shifts at the hospital'.split(
      ' ',
    );
    const long = (k: number) =>
      Array.from({ length: 400 }, (_, i) => `${words[(i * 7 + k) % words.length]}${i % 13 ? '' : k}`)
        .join(' ')
        .slice(0, 2000);
    const all = await Promise.all(Array.from({ length: 40 }, (_, k) => embedder.embed([long(k)])));
    expect(all.flat()).toHaveLength(40);
    const [alone] = await embedder.embed([long(39)]);
    expect(cosine(all[39]![0]!, alone!)).toBeGreaterThan(0.9999);
  }, 60_000);

  it("reports its thread's CPU, which grows with work", async () => {
    const embedder = createUseLiteEmbedder();
    const before = (await embedder.usage!()).cpuMicros;
    await embedder.embed(['A sentence to encode, one more time']);
    expect((await embedder.usage!()).cpuMicros).toBeGreaterThan(before);
  });

  it('never keeps a finished process alive', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const script = `
      const { createUseLiteEmbedder } = await import('./src/server/memory/use-lite-embedder.ts');
      const [v] = await createUseLiteEmbedder().embed(['hello there']);
      console.log(v.length);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, timeout: 60_000 },
    );
    expect(stdout.trim()).toBe(String(EMBEDDING_DIMENSIONS));
  });
});
