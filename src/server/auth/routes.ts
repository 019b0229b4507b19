// Mounts Auth.js at /auth, with the request rebuilt on the public URL so cookies and callbacks follow it.
import { Auth, type AuthConfig } from '@auth/core';
import { Hono } from 'hono';

// The spec's sign-in form posts `prompt` in the body; Auth.js forwards only query parameters.
const FORWARDED_SIGNIN_PARAMS = ['prompt'] as const;

export function createAuthRoutes(authConfig: AuthConfig, publicUrl: string) {
  const app = new Hono();
  app.all('/*', async (c) => {
    const incoming = new URL(c.req.url);
    const url = new URL(incoming.pathname + incoming.search, publicUrl);
    let body: BodyInit | undefined;
    if (c.req.method === 'POST') {
      const text = await c.req.text();
      body = text;
      if (url.pathname.startsWith('/auth/signin/')) {
        const form = new URLSearchParams(text);
        for (const key of FORWARDED_SIGNIN_PARAMS) {
          const value = form.get(key);
          if (value === 'login' || value === 'consent') url.searchParams.set(key, value);
        }
      }
    }
    const request = new Request(url, { method: c.req.method, headers: c.req.raw.headers, body });
    return Auth(request, authConfig);
  });
  return app;
}
