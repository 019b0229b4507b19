// The routes that need a signed-in person, called without one.
import { expect } from 'vitest';
import { call, type TTestApp } from './test-app.ts';

/** Each call made signed out is 401; every call but a GET sends `json` as its body. */
export async function expectSignedOutRefused(
  t: TTestApp,
  calls: readonly (readonly [method: string, url: string])[],
  json?: unknown,
): Promise<void> {
  for (const [method, url] of calls) {
    const res = await call(t, method, url, { json: method === 'GET' ? undefined : json });
    expect(res.status, `${method} ${url}`).toBe(401);
  }
}
