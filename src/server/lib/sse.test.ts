import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseFrame, sseTextFrame, streamEvents } from './sse.ts';

describe('sseFrame', () => {
  it('writes the event name and its data as one line of JSON', () => {
    expect(sseFrame({ event: 'delta', data: { text: 'two\nlines' } })).toBe(
      'event: delta\ndata: {"text":"two\\nlines"}\n\n',
    );
    expect(() => sseFrame({ event: 'bad\nname', data: 1 })).toThrow();
  });

  it('writes a text event as the same bytes without the objects', () => {
    for (const text of [
      '',
      ' the',
      'two\nlines',
      '"quoted" \\ back',
      'emoji 🙂 é',
      '\ud800 lone',
      '</script>',
    ]) {
      expect(sseTextFrame('delta', text)).toBe(sseFrame({ event: 'delta', data: { text } }));
      expect(sseTextFrame('thoughts', text)).toBe(sseFrame({ event: 'thoughts', data: { text } }));
    }
    expect(() => sseTextFrame('bad\rname', 'x')).toThrow();
  });
});

describe('streamEvents under @hono/node-server (frames written straight to the response)', () => {
  let url: string;
  let server: ReturnType<typeof serve>;
  const aborted: string[] = [];
  let socketWrites = 0;

  beforeAll(async () => {
    const app = new Hono()
      .use(async (c, next) => {
        await next();
        c.header('x-after', 'set after the handler'); // like the security headers middleware
      })
      .get('/three', (c) =>
        streamEvents(
          c,
          async (stream) => {
            for (const n of [1, 2, 3]) await stream.send({ event: 'n', data: { n } });
          },
          () => {},
        ),
      )
      .get('/fails', (c) =>
        streamEvents(
          c,
          async (stream) => {
            await stream.send({ event: 'start', data: {} });
            throw new Error('boom');
          },
          async (_error, stream) => {
            await stream.send({ event: 'error', data: { code: 'internal' } });
          },
        ),
      )
      .get('/two-apart', (c) =>
        streamEvents(
          c,
          async (stream) => {
            await stream.send({ event: 'n', data: 1 });
            await new Promise((r) => setTimeout(r, 30));
            await stream.send({ event: 'n', data: 2 });
          },
          () => {},
        ),
      )
      .get('/slow', (c) =>
        streamEvents(
          c,
          async (stream) => {
            stream.onAbort(() => aborted.push('slow'));
            for (let i = 0; i < 100 && !stream.isClosed; i++) {
              await stream.send({ event: 'tick', data: i });
              await new Promise((r) => setTimeout(r, 20));
            }
          },
          () => {},
        ),
      );
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    // Every write the server makes to a connection (a write system call each, a packet or more each).
    server.on('connection', (socket: Socket & { _writeGeneric: (...args: unknown[]) => unknown }) => {
      const writeGeneric = socket._writeGeneric.bind(socket);
      socket._writeGeneric = (...args) => {
        socketWrites += 1;
        return writeGeneric(...args);
      };
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the status, the SSE headers and the middleware headers, then every frame in order', async () => {
    const res = await fetch(`${url}/three`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-after')).toBe('set after the handler');
    expect(await res.text()).toBe(
      'event: n\ndata: {"n":1}\n\nevent: n\ndata: {"n":2}\n\nevent: n\ndata: {"n":3}\n\n',
    );
  });

  it('the head leaves with the first frame and the end with the last: one write each', async () => {
    socketWrites = 0;
    const res = await fetch(`${url}/two-apart`);
    expect(await res.text()).toBe('event: n\ndata: 1\n\nevent: n\ndata: 2\n\n');
    expect(socketWrites).toBe(2);
  });

  it('a throw goes to onError, which can still send; the stream ends', async () => {
    const text = await (await fetch(`${url}/fails`)).text();
    expect(text).toBe('event: start\ndata: {}\n\nevent: error\ndata: {"code":"internal"}\n\n');
  });

  it('a client that goes away calls onAbort and later sends are dropped', async () => {
    const stop = new AbortController();
    const res = await fetch(`${url}/slow`, { signal: stop.signal });
    const reader = res.body!.getReader();
    await reader.read();
    stop.abort();
    for (let i = 0; i < 50 && aborted.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toEqual(['slow']);
  });
});
