// How long a reply waits for its message's vector while the embedded encoder has background work: the
// re-embedding after an encoder change (batches of 32 memories, one after another, as reembed-memories.ts
// sends them) or the memory judge's facts. A reply's text asks now and then, as a person's message would;
// the wait is the time from asking to its vector, p50/p90/max, with the encoder warm, beside the same
// question with nothing in the background.
// Run: npm run bench:encoder-priority [-- --asks 40 --batch 32]
import { parseArgs } from 'node:util';
import { createUseLiteEmbedder } from '../src/server/memory/use-lite-embedder.ts';
import { DISTRACTOR_MEMORIES } from '../src/test-support/memory-quality-set.ts';

const { values } = parseArgs({
  options: { asks: { type: 'string', default: '40' }, batch: { type: 'string', default: '32' } },
});
const asks = Number(values.asks);
const batch = Number(values.batch);

const encoder = createUseLiteEmbedder();
await encoder.embed(['The encoder warms up.']);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function replyWaits(): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < asks; i++) {
    await sleep(50 + ((i * 37) % 100));
    const asked = performance.now();
    await encoder.embed([`what was the name of my dog again? (${i})`]);
    waits.push(performance.now() - asked);
  }
  return waits.sort((a, b) => a - b);
}

const print = (label: string, waits: number[]) =>
  console.log(
    `${label.padEnd(28)} p50 ${pct(waits, 0.5).toFixed(0)} ms, p90 ${pct(waits, 0.9).toFixed(0)} ms, max ${pct(waits, 1).toFixed(0)} ms`,
  );

console.log(`${asks} replies' vectors, one every 50-150 ms; background batches of ${batch} memories`);
print('nothing in the background', await replyWaits());

let isStopped = false;
let round = 0;
const started = performance.now();
const reembedding = (async () => {
  while (!isStopped) {
    const texts = Array.from(
      { length: batch },
      (_, k) => `${DISTRACTOR_MEMORIES[(round * batch + k) % DISTRACTOR_MEMORIES.length]} (${round})`,
    );
    round++;
    await encoder.embed(texts, { background: true });
  }
})();
print('during re-embedding', await replyWaits());
isStopped = true;
await reembedding;
const seconds = (performance.now() - started) / 1000;
console.log(
  `background meanwhile: ${round} batches, ${((round * batch) / seconds).toFixed(0)} memories/s over ${seconds.toFixed(1)} s`,
);
