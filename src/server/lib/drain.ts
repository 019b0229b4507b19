// Graceful shutdown: stop taking requests, let those in flight (replies) finish for a few seconds,
// then cut the rest so each reply stores what it has, and only then close the database.
import type { Server } from 'node:http';
import type { Http2Server } from 'node:http2';
import type { MiddlewareHandler } from 'hono';
import type { TAppEnv } from './http.ts';

export type TDrain = {
  /** Counts requests in flight; once draining, new ones get 503 with Connection: close. */
  middleware: MiddlewareHandler<TAppEnv>;
  inFlight(): number;
  /** Resolves when nothing is in flight any more (or after graceMs plus the time to store cut replies). */
  drain(server: Server | Http2Server, graceMs: number): Promise<{ cut: number }>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(50);
}

export function createDrain(): TDrain {
  let isDraining = false;
  const open = new Set<object>();
  return {
    middleware: async (c, next) => {
      if (isDraining) {
        c.header('Connection', 'close');
        c.header('Retry-After', '5');
        return c.json({ code: 'not_ready', message: 'Kindred is restarting; try again in a moment' }, 503);
      }
      const outgoing = c.env?.outgoing;
      if (outgoing) {
        open.add(outgoing);
        outgoing.once('close', () => open.delete(outgoing));
      }
      return next();
    },
    inFlight: () => open.size,
    async drain(server, graceMs) {
      isDraining = true;
      server.close();
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      await waitFor(() => open.size === 0, graceMs);
      const cut = open.size;
      if (cut > 0 && 'closeAllConnections' in server) {
        // Cutting the connection aborts each reply's signal: the reply service stores what arrived.
        server.closeAllConnections();
        await waitFor(() => open.size === 0, 3000);
        await sleep(1000);
      }
      return { cut };
    },
  };
}
