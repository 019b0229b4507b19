// A local HTTP file server for the browser suite: serves one file, with Range support like a model hub.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function serveFile(
  bytes: Buffer,
  name: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url !== `/${name}`) {
      res.writeHead(404).end();
      return;
    }
    const start = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = bytes.subarray(start);
    res.writeHead(start ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
      'accept-ranges': 'bytes',
      ...(start && { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` }),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
