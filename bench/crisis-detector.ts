// The crisis detector's cost per message (it is on every send's path): CPU on the server's thread and in
// the sentence encoder's thread, for everyday messages, messages the phrases decide, and messages with a
// crisis word that go on to the encoder.
// Run: npm run bench:crisis [-- --rounds 200]
import { parseArgs } from 'node:util';
import { createUseLiteEmbedder } from '../src/server/memory/use-lite-embedder.ts';
import { createCrisisDetector } from '../src/server/safety/crisis-detector.ts';
import { readCrisisPhrases } from '../src/server/safety/crisis-phrases.ts';
import { normaliseText } from '../src/server/safety/normalise-text.ts';
import { CRISIS_STATEMENTS, LOOK_ALIKES } from '../src/test-support/crisis-quality-set.ts';
import { DISTRACTOR_MEMORIES } from '../src/test-support/memory-quality-set.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' } } });
const rounds = Number(values.rounds);

const embedder = createUseLiteEmbedder();
const detector = createCrisisDetector({ embedder });

/** Messages by the path they take through the detector. */
const all = [...DISTRACTOR_MEMORIES, ...CRISIS_STATEMENTS, ...LOOK_ALIKES];
const groups = {
  'everyday (no crisis word: phrases only)': all.filter((t) => !readCrisisPhrases(normaliseText(t)).hasCue),
  'decided by a phrase': all.filter((t) => readCrisisPhrases(normaliseText(t)).kind !== null),
  'crisis word, no phrase (encoder asked)': all.filter((t) => {
    const r = readCrisisPhrases(normaliseText(t));
    return r.kind === null && r.hasCue && !r.isExcused;
  }),
};

async function measure(texts: string[]) {
  // Distinct texts every round, so nothing is answered from a cache.
  const encoderBefore = (await embedder.usage?.())?.cpuMicros ?? 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let n = 0;
  for (let round = 0; n < rounds; round++) {
    for (const text of texts) {
      if (n >= rounds) break;
      await detector.check(`${text} ${round}`);
      n++;
    }
  }
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const encoder = ((await embedder.usage?.())?.cpuMicros ?? 0) - encoderBefore;
  return {
    // process.cpuUsage counts every thread of the process, the encoder's too.
    serverCpuMs: (cpu.user + cpu.system - encoder) / 1000 / n,
    encoderCpuMs: encoder / 1000 / n,
    wallMs: wall / n,
  };
}

async function main() {
  // Load the encoder and the reference statements' vectors first (once per process).
  await detector.check('warming up: i feel hopeless');
  const asked = DISTRACTOR_MEMORIES.filter((t) => {
    const r = readCrisisPhrases(normaliseText(t));
    return r.kind === null && r.hasCue && !r.isExcused;
  }).length;
  console.log(
    `everyday messages (the memory quality set's ${DISTRACTOR_MEMORIES.length} distractors) that go on to the encoder: ${((100 * asked) / DISTRACTOR_MEMORIES.length).toFixed(1)}%`,
  );
  console.log(`crisis detector, ${rounds} messages per group (CPU per message)`);
  for (const [name, texts] of Object.entries(groups)) {
    const r = await measure(texts);
    console.log(
      `${name.padEnd(42)} ${texts.length.toString().padStart(3)} texts  server thread ${r.serverCpuMs.toFixed(3)} ms  encoder thread ${r.encoderCpuMs.toFixed(2)} ms  wall ${r.wallMs.toFixed(2)} ms`,
    );
  }
  process.exit(0);
}

await main();
