// Measures the dedupe threshold: re-tellings of one memory must score at or above DUPLICATE_SIMILARITY,
// different memories of the quality set below it.
import { describe, expect, it } from 'vitest';
import { DISTRACTOR_MEMORIES, MEMORY_QUESTION_PAIRS } from '../../test-support/memory-quality-set.ts';
import { cosine } from './embedder.ts';
import { DUPLICATE_SIMILARITY } from './thresholds.ts';
import { createUseLiteEmbedder } from './use-lite-embedder.ts';

const RETELLINGS: [string, string][] = [
  [
    'My golden retriever Biscuit turns five next Saturday',
    'My golden retriever Biscuit turns 5 next Saturday!',
  ],
  [
    'I have a job interview at the bakery on Friday morning',
    'I have a job interview at the bakery Friday morning.',
  ],
  ['My sister Maya is moving to Lisbon next month', 'my sister maya is moving to lisbon next month'],
  [
    'I am allergic to peanuts and have to carry an epipen',
    "I'm allergic to peanuts and have to carry an epipen",
  ],
  [
    'I am training for the Berlin marathon in September',
    'I am training for the Berlin marathon this September',
  ],
  ['My cat Miso hates the vacuum cleaner', 'My cat Miso really hates the vacuum cleaner'],
  ['I work as a night nurse at the children’s hospital', 'I work as a night nurse at the childrens hospital'],
  ['My dad is having heart surgery on Tuesday', 'My dad is having heart surgery on Tuesday.'],
  ['I quit smoking three months ago', 'I quit smoking 3 months ago'],
  [
    'My exam in organic chemistry is on Monday and I am terrified',
    'My organic chemistry exam is on Monday and I am terrified',
  ],
  [
    'I am going to Iceland in February to see the northern lights',
    'In February I am going to Iceland to see the northern lights',
  ],
  ['My mother is turning seventy on the twelfth of May', 'My mother is turning 70 on the 12th of May'],
];

describe('dedupe threshold (Universal Sentence Encoder lite)', () => {
  it('separates re-tellings from different memories', async () => {
    const embedder = createUseLiteEmbedder();
    const pairs = await Promise.all(RETELLINGS.map(([a, b]) => embedder.embed([a, b])));
    const sameScores = pairs.map(([a, b]) => cosine(a ?? [], b ?? []));
    const memories = [...MEMORY_QUESTION_PAIRS.map((p) => p.memory), ...DISTRACTOR_MEMORIES.slice(0, 60)];
    const vectors = await embedder.embed(memories);
    let closestDifferent = 0;
    for (let i = 0; i < vectors.length; i++) {
      for (let j = i + 1; j < vectors.length; j++) {
        closestDifferent = Math.max(closestDifferent, cosine(vectors[i] ?? [], vectors[j] ?? []));
      }
    }
    const lowestSame = Math.min(...sameScores);
    console.log(
      `dedupe: re-tellings ${sameScores.map((s) => s.toFixed(3)).join(' ')} (lowest ${lowestSame.toFixed(3)}); closest different ${closestDifferent.toFixed(3)}`,
    );
    // Never merge two different memories; a re-telling with numbers spelled differently may stay separate.
    expect(closestDifferent).toBeLessThan(DUPLICATE_SIMILARITY);
    expect(sameScores.filter((s) => s >= DUPLICATE_SIMILARITY).length).toBeGreaterThanOrEqual(
      RETELLINGS.length - 1,
    );
    // About 150 sentences through the encoder: seconds of CPU, more on a shared machine.
  }, 120_000);
});
