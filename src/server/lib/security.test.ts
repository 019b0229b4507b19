import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import type { TAppEnv } from './http.ts';
import { limitBody } from './security.ts';

function app() {
  const hono = new Hono<TAppEnv>();
  hono.onError((error, c) => c.json({ code: error instanceof AppError ? error.code : 'internal' }, 413));
  hono.use(limitBody(10));
  hono.all('/', async (c) => c.json({ body: c.req.method === 'GET' ? null : await c.req.text() }));
  return hono;
}

/** A body sent without a length (chunked). */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

describe('limitBody under @hono/node-server', () => {
  let server: ReturnType<typeof serve>;
  let url = '';
  beforeAll(async () => {
    server = serve({ fetch: app().fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes a body within the limit, declared or chunked, and refuses a larger one', async () => {
    const post = (body: BodyInit) =>
      fetch(url, { method: 'POST', body, duplex: 'half' } as RequestInit).then(async (r) => [
        r.status,
        await r.json(),
      ]);
    expect(await post('{"a":1}')).toEqual([200, { body: '{"a":1}' }]);
    expect(await post('0123456789a')).toEqual([413, { code: 'payload_too_large' }]);
    expect(await post(chunked('short'))).toEqual([200, { body: 'short' }]);
    expect(await post(chunked('far too long a body'))).toEqual([413, { code: 'payload_too_large' }]);
    expect(await fetch(url).then((r) => r.json())).toEqual({ body: null });
  });
});
