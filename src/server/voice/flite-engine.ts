// The embedded engine: flite compiled to WASI, in a worker pool sized from the cores, MP3 out.
import os from 'node:os';
import { Piscina } from 'piscina';
import type { TFliteResult, TFliteTask } from './flite-worker.ts';
import type { TEngineVoice, TSpeech, TVoiceEngine } from './types.ts';

/** The voices in the package, with the mean pitch (Hz) measured from each one's own output. */
const FLITE_VOICES: (TEngineVoice & { f0: number })[] = [
  { id: 'slt', label: 'slt (female)', gender: 'female', register: 'high', hasPitch: true, f0: 167 },
  { id: 'awb', label: 'awb (male)', gender: 'male', register: 'mid', hasPitch: true, f0: 128 },
  { id: 'kal16', label: 'kal16 (male, low)', gender: 'male', register: 'low', hasPitch: true, f0: 90 },
  // rms ignores pitch: the mapping only picks it when no pitch change is asked for.
  { id: 'rms', label: 'rms (male, fixed pitch)', gender: 'male', register: 'low', hasPitch: false, f0: 99 },
];

/** Two workers at most on small machines, always leaving one core to the request thread. */
export function fliteThreads(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export function createFliteEngine(opts: { threads?: number } = {}): TVoiceEngine {
  const threads = opts.threads ?? fliteThreads();
  // Made on first use: an app that never speaks starts no threads.
  let pool: Piscina<TFliteTask, TFliteResult> | undefined;
  const run = (task: TFliteTask) => {
    pool ??= new Piscina<TFliteTask, TFliteResult>({
      filename: new URL('./flite-worker.ts', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
    return pool.run(task);
  };
  const toSpeech = (r: TFliteResult): TSpeech => ({
    bytes: r.mp3,
    contentType: 'audio/mpeg',
    pcm: { samples: r.samples, sampleRate: r.sampleRate },
  });
  return {
    id: 'flite',
    validator() {},
    voices: () => FLITE_VOICES.map(({ f0: _f0, ...v }) => v),
    async generate({ text, settings }) {
      const voice = FLITE_VOICES.find((v) => v.id === settings.voice) ?? FLITE_VOICES[0]!;
      const f0Mean = voice.hasPitch && settings.pitch !== 0 ? voice.f0 * 2 ** (settings.pitch / 12) : null;
      const result = await run({
        op: 'speak',
        text,
        voice: voice.id,
        f0Mean,
        durationStretch: 1 / settings.rate,
      });
      return toSpeech(result);
    },
    async join(parts) {
      if (parts.length === 1) return parts[0]!;
      const pcm = parts.map((p) => p.pcm);
      if (pcm.some((p) => !p)) throw new Error('flite speech without samples cannot be joined');
      const sampleRate = pcm[0]!.sampleRate;
      return toSpeech(await run({ op: 'encode', parts: pcm.map((p) => p!.samples), sampleRate }));
    },
    async warm() {
      await run({ op: 'warm' });
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
