// Every test server and fake of the suite listens the same way: on a free port of 127.0.0.1, with its URL
// and a close that also ends the connections kept alive (so a test's afterAll never waits on one).
import type { Server as HttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';

export type TLocalServer = {
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
};

/** Starts `server` on a free port of 127.0.0.1. */
export async function listenLocally(server: Server | HttpServer): Promise<TLocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** A port nothing listens on now (taken, then let go): for a server started later, or one that must refuse. */
export async function freePort(): Promise<number> {
  const { port, close } = await listenLocally(createServer());
  await close();
  return port;
}
