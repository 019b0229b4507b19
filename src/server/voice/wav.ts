// Reads the 16-bit PCM WAV flite writes into float samples, and writes float samples back as WAV.

export type TPcm = { samples: Float32Array; sampleRate: number };

export function parseWav(bytes: Uint8Array): TPcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('Not a WAV file');
  let sampleRate = 16000;
  let channels = 1;
  let bits = 16;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      channels = view.getUint16(body + 2, true);
      sampleRate = view.getUint32(body + 4, true);
      bits = view.getUint16(body + 14, true);
    } else if (id === 'data') {
      if (bits !== 16) throw new Error(`Unsupported WAV sample size: ${bits}`);
      const end = Math.min(bytes.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(body + i * 2 * channels, true) / 32768;
      return { samples, sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV file has no data');
}
