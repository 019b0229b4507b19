// The embedded model, measured: time to first token and tokens per second of the default GGUF (Qwen2.5
// 0.5B Instruct Q4_K_M) and of the larger choice (Qwen2.5 1.5B Instruct Q4_K_M) on this machine's CPU,
// with random-weight GGUFs of their exact architecture and quantization (bench/qwen-gguf.ts; nothing is
// downloaded). llama.cpp does the same arithmetic per token whatever the weights are.
// Run: npm run bench:embedded-model [-- --models 0.5b,1.5b --prompt 600 --tokens 64 --threads 2]
import { existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getLlama, LlamaLogLevel, type Token } from 'node-llama-cpp';
import { QWEN25_05B, QWEN25_15B, type TQwenShape, typeCounts, writeQwenGguf } from './qwen-gguf.ts';

const { values } = parseArgs({
  options: {
    models: { type: 'string', default: '0.5b,1.5b' },
    // A chat turn's prompt: the persona, the last 30 messages and the new one (~600 tokens typical).
    prompt: { type: 'string', default: '600' },
    tokens: { type: 'string', default: '64' },
    threads: { type: 'string', default: String(Math.min(2, os.availableParallelism())) },
    dir: { type: 'string', default: path.join(os.tmpdir(), 'kindred-bench-gguf') },
  },
});
const SHAPES: Record<string, TQwenShape> = { '0.5b': QWEN25_05B, '1.5b': QWEN25_15B };
const promptTokens = Number(values.prompt);
const genTokens = Number(values.tokens);
const threads = Number(values.threads);

const llama = await getLlama({ gpu: false, logLevel: LlamaLogLevel.error });
mkdirSync(values.dir, { recursive: true });
console.log(
  `CPU: ${os.cpus()[0]?.model ?? 'unknown'}, ${threads} threads; prompt ${promptTokens} tokens, ${genTokens} generated`,
);

for (const key of values.models.split(',')) {
  const shape = SHAPES[key];
  if (!shape) throw new Error(`Unknown model ${key}: ${Object.keys(SHAPES).join(', ')}`);
  const file = path.join(values.dir, `${shape.name.toLowerCase()}-q4_k_m-random.gguf`);
  if (!existsSync(file)) await writeQwenGguf(file, shape);
  const model = await llama.loadModel({ modelPath: file, gpuLayers: 0 });
  const context = await model.createContext({ contextSize: 2048, threads, batchSize: 512 });
  const sequence = context.getSequence();
  // Ordinary (non-special) token ids, as a real prompt would have.
  const prompt = Array.from({ length: promptTokens }, (_, i) => (1000 + ((i * 7919) % 100_000)) as Token);

  const runs: { ttftMs: number; tokensPerSecond: number }[] = [];
  // Run 0 warms up (pages the file in from disk, JIT); runs 1-3 are reported.
  for (let run = 0; run < 4; run++) {
    await sequence.clearHistory();
    const started = performance.now();
    let first = 0;
    let count = 0;
    for await (const _token of sequence.evaluate(prompt, { temperature: 0 })) {
      count++;
      if (count === 1) first = performance.now();
      if (count >= genTokens) break;
    }
    const ended = performance.now();
    if (run > 0)
      runs.push({ ttftMs: first - started, tokensPerSecond: ((count - 1) * 1000) / (ended - first) });
  }
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (wall-clock speeds: a busy machine makes them slower)`,
  );
  console.log(
    `${shape.name} Q4_K_M (${(statSync(file).size / 1e6).toFixed(0)} MB; tensors ${JSON.stringify(typeCounts(shape))})`,
  );
  for (const [i, r] of runs.entries()) {
    console.log(
      `  run ${i + 1}: time to first token ${(r.ttftMs / 1000).toFixed(2)} s, ${r.tokensPerSecond.toFixed(1)} tokens/s`,
    );
  }
  await context.dispose();
  await model.dispose();
}
await llama.dispose();
