// The web app's one way to call the server: JSON in, JSON out, errors as ApiError with the server's code.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: { ...(json !== undefined && { 'content-type': 'application/json' }), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  await throwIfFailed(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A refused response as the ApiError its `{ code, message }` body names (any other body: http_error). */
export async function throwIfFailed(res: Response): Promise<void> {
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  throw new ApiError(
    res.status,
    body?.code ?? 'http_error',
    body?.message ?? `Request failed (${res.status})`,
  );
}
