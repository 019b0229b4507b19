// Waits for something a test cannot await directly (a job run, a queue drained, a gate opened).

/** Polls `check` every `everyMs` until it holds; throws 'timed out' after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
