// CLI: downloads the embedded chat model's GGUF into the data folder (`npm run model:download`).
import { parseArgs } from 'node:util';
import { downloadModel, type TDownloadProgress } from '../src/server/ai/download/download-model.ts';
import { catalogModel, MODEL_CATALOG } from '../src/server/ai/download/model-catalog.ts';

const describe = MODEL_CATALOG.map(
  (c) =>
    `  --model ${c.id.padEnd(7)} ${c.name}: ${(c.sizeBytes / 1e9).toFixed(2)} GB, ${c.tokensPerSecond} tokens/s and first token in ${c.firstTokenSeconds} s on a 2-core CPU, ${c.licence}. ${c.note}`,
).join('\n');

const USAGE = `Usage: npm run model:download -- [--model fast|better] [--url <GGUF URL>] [--data-dir <folder>]
Downloads one of the embedded models to <data-dir>/models/ (default: fast). Run it again to resume an
interrupted download. The server uses the larger model when its file is there.
${describe}`;

const MB = 1024 * 1024;

function formatBar({ receivedBytes, totalBytes }: TDownloadProgress, bytesPerSecond: number): string {
  const speed = `${(bytesPerSecond / MB).toFixed(1)} MB/s`;
  if (!totalBytes) return `${(receivedBytes / MB).toFixed(1)} MB  ${speed}`;
  const ratio = Math.min(1, receivedBytes / totalBytes);
  const width = 30;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ${(
    receivedBytes / MB
  ).toFixed(1)}/${(totalBytes / MB).toFixed(1)} MB  ${speed}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string', default: 'fast' },
      url: { type: 'string' },
      // The server reads DATA_DIR through config.ts; this stand-alone command honours it the same way.
      'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }

  const choice = catalogModel(values.model);
  if (!choice)
    throw new Error(`Unknown model "${values.model}": choose ${MODEL_CATALOG.map((c) => c.id).join(' or ')}`);
  const startedAt = Date.now();
  let lastDrawAt = 0;
  let firstBytes: number | null = null;
  const isTty = process.stderr.isTTY;
  const result = await downloadModel({
    url: values.url ?? choice.url,
    fileName: values.url ? undefined : choice.file,
    dataDir: values['data-dir'],
    onProgress: (progress) => {
      firstBytes ??= progress.receivedBytes;
      const now = Date.now();
      const isDone = progress.totalBytes !== null && progress.receivedBytes >= progress.totalBytes;
      if (now - lastDrawAt < (isTty ? 200 : 5000) && !isDone) return;
      lastDrawAt = now;
      const speed = ((progress.receivedBytes - firstBytes) * 1000) / Math.max(1, now - startedAt);
      process.stderr.write(isTty ? `\r${formatBar(progress, speed)}` : `${formatBar(progress, speed)}\n`);
    },
  });
  if (isTty) process.stderr.write('\n');
  console.log(result.wasPresent ? `Already downloaded: ${result.path}` : `Downloaded ${result.path}`);
}

function explainError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch reports only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND...) is in its cause.
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

main().catch((error: unknown) => {
  process.stderr.write(`\nModel download failed: ${explainError(error)}\n`);
  process.exitCode = 1;
});
