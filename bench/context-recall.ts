// The encoder's CPU per turn for recall of a message in its context (issue 20), in its own thread (usage()):
// the context recall set's follow-ups (context-recall-set.json, both splits), each its turns and then its
// message, as a reply's recall embeds them. Before: the message, then the last two turns and the message
// joined, in one call. Now (embedInContext): the message, its previous turn's vector kept from that turn;
// and on a miss (the previous turn served by another instance): the message and the turn in one call.
// The three ways alternate for `--rounds` rounds after a warm-up; CPU is reported per follow-up message.
// Run: npm run bench:context-recall [-- --rounds 5]
import { parseArgs } from 'node:util';
import { createTurnVectors, embedInContext } from '../src/server/memory/turn-vectors.ts';
import { createUseLiteEmbedder } from '../src/server/memory/use-lite-embedder.ts';
import { CONTEXT_CASES } from '../src/test-support/context-recall-set.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const embedder = createUseLiteEmbedder();
const cases = [...CONTEXT_CASES.dev, ...CONTEXT_CASES.test];
const cpu = async () => (await embedder.usage!()).cpuMicros;

/** Each way: what it does before its measured part (not counted), and the measured part. */
const ways: Record<string, (measure: (part: () => Promise<void>) => Promise<void>) => Promise<void>> = {
  'before: message + joined context': (measure) =>
    measure(async () => {
      for (const c of cases) await embedder.embed([c.message, [...c.turns.slice(-2), c.message].join('\n')]);
    }),
  'now, previous turn kept (hit)': async (measure) => {
    // Each turn was the message of its own turn, embedded and kept then.
    const kept = createTurnVectors();
    for (const c of cases) for (const t of c.turns) kept.set(embedder.id, t, (await embedder.embed([t]))[0]!);
    await measure(async () => {
      for (const c of cases) await embedInContext(embedder, kept, c.message, c.turns);
    });
  },
  'now, previous turn not kept (miss)': (measure) =>
    measure(async () => {
      for (const c of cases) await embedInContext(embedder, createTurnVectors(), c.message, c.turns);
    }),
  'message alone (the relay)': (measure) =>
    measure(async () => {
      for (const c of cases) await embedder.embed([c.message]);
    }),
};
const spent: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((w) => [w, []]));

await ways['before: message + joined context']!((part) => part());
for (let r = 0; r < rounds; r++) {
  for (const [name, way] of Object.entries(ways)) {
    await way(async (part) => {
      const start = await cpu();
      await part();
      spent[name]!.push((await cpu()) - start);
    });
  }
}
console.log(`encoder CPU per follow-up message (${cases.length} messages, ${rounds} rounds, median):`);
for (const [name, micros] of Object.entries(spent)) {
  const sorted = micros.map((m) => m / cases.length / 1000).sort((a, b) => a - b);
  console.log(
    `  ${name}: ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms (runs: ${sorted.map((s) => s.toFixed(2)).join(', ')})`,
  );
}
process.exit(0);
