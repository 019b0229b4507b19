// How late this process's event loop runs, refreshed about once a second: a first token late because this
// server is busy (its own CPU, or a machine shared with others) says nothing about the model's provider.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/** Returns a probe giving the 90th percentile lag (ms, beyond the sampling timer) of the last second or so. */
export function eventLoopLagProbe(): () => number {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lastMs = 0;
  let readAt = performance.now();
  return () => {
    const now = performance.now();
    if (now - readAt >= 1000) {
      lastMs = Math.max(0, histogram.percentile(90) / 1e6 - RESOLUTION_MS);
      histogram.reset();
      readAt = now;
    }
    return lastMs;
  };
}
