// Caches a provider's availability check for a few seconds so callers can ask before every reply.

export const AVAILABILITY_TTL_MS = 5000;

/** Wraps `check`: concurrent callers share one run, the answer is kept `ttlMs`, a throw counts as false. */
export function cachedCheck(
  check: () => Promise<boolean>,
  ttlMs = AVAILABILITY_TTL_MS,
): () => Promise<boolean> {
  let cached: { value: Promise<boolean>; at: number } | null = null;
  return () => {
    const now = Date.now();
    if (cached && now - cached.at < ttlMs) return cached.value;
    const value = check().catch(() => false);
    cached = { value, at: now };
    return value;
  };
}

/** GET `url` and report whether it answered with an accepted status within `timeoutMs`. */
export async function answersWithin(
  url: string,
  timeoutMs: number,
  init: { headers?: Record<string, string>; isAccepted?: (status: number) => boolean } = {},
): Promise<boolean> {
  const response = await fetch(url, { headers: init.headers, signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  return (init.isAccepted ?? ((status) => status === 200))(response.status);
}
