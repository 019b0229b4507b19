// Measures speech: the median fundamental frequency of voiced frames (autocorrelation), for voice tests.

/**
 * Splits the samples into 40 ms frames, keeps the loud ones, and finds in each the lag between 2.5 and
 * 20 ms (50-400 Hz) where the normalised autocorrelation peaks; returns the median of those pitches.
 */
export function estimatePitchHz(samples: Float32Array, sampleRate: number): number {
  const frame = Math.round(sampleRate * 0.04);
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 50);
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag < samples.length; start += Math.round(frame / 2)) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += samples[i]! * samples[i]!;
    if (Math.sqrt(energy / frame) < peak * 0.1) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let sum = 0;
      let e1 = 0;
      let e2 = 0;
      for (let i = start; i < start + frame; i++) {
        sum += samples[i]! * samples[i + lag]!;
        e1 += samples[i]! * samples[i]!;
        e2 += samples[i + lag]! * samples[i + lag]!;
      }
      const r = sum / Math.sqrt(e1 * e2 || 1);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    // Only clearly periodic (voiced) frames count.
    if (best > 0.6 && bestLag > 0) pitches.push(sampleRate / bestLag);
  }
  if (pitches.length === 0) return 0;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)]!;
}
