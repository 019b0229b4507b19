import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../test-support/set-up.ts';
import { call } from '../test-support/test-app.ts';
import { createApp } from './app.ts';
import { openPglite, wrapPglite } from './db/pglite.ts';
import { createLogger } from './lib/logger.ts';

const t = setUpTestApp();

describe('health', () => {
  it('/healthz is alive and /readyz is ready once migrated', async () => {
    expect(await (await call(t, 'GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await call(t, 'GET', '/readyz');
    expect(ready.status).toBe(200);
  });

  it('/readyz is 503 before migrations', async () => {
    const database = wrapPglite(await openPglite(undefined));
    const app = createApp({ config: t.config, database, logger: createLogger('silent') });
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    await database.close();
  });
});

describe('security baseline', () => {
  it('sends a Content-Security-Policy and other security headers', async () => {
    const res = await call(t, 'GET', '/healthz');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404 and unsigned API calls with 401', async () => {
    const missing = await call(t, 'GET', '/api/nope');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 'unauthorized', message: 'Sign in to continue' });
    const noRoute = await call(t, 'GET', '/nothing-here');
    expect(noRoute.status).toBe(404);
    expect(await noRoute.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses a cross-site write even without an Origin header', async () => {
    const res = await call(t, 'PUT', '/api/users/1', {
      json: { name: 'x' },
      headers: { origin: '', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
  });
});
