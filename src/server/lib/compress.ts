// Compresses finished responses (API JSON, the SPA's page) above a size with brotli or gzip, whichever the
// browser accepts. Streams are never touched: an event stream is written as it happens (lib/sse.ts), and a
// file with a precompressed copy already says its Content-Encoding.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Responses smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type TEncoding = 'br' | 'gzip';

/** The encoding to answer with: brotli when accepted, then gzip; none for identity or no header. */
export function chooseEncoding(acceptEncoding: string | undefined): TEncoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const qOf = (name: string) =>
    accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === '*')?.q ?? 0;
  const br = qOf('br');
  const gz = qOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

function isCompressible(res: Response): boolean {
  const type = res.headers.get('content-type');
  // The regex leaves text/event-stream out: SSE is never compressed or buffered here.
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  if (res.headers.has('content-encoding')) return false;
  return !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '');
}

export function compressResponses(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206) return;
    // Status and headers first: under @hono/node-server they are read from the handler's plain answer,
    // while `body` makes a whole web Response of it (in a V8 profile of bench:reply-pipeline, about 35 µs
    // of each streamed reply's CPU, for an answer this never compresses).
    if (!isCompressible(res) || !res.body) return;
    const declared = res.headers.get('content-length');
    if (declared !== null && Number(declared) < threshold) return;
    const vary = res.headers.get('vary');
    if (!vary || !/accept-encoding/i.test(vary)) {
      res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    // Only complete bodies reach here (JSON, HTML, text): reading them whole costs nothing new.
    const raw = Buffer.from(await res.arrayBuffer());
    let body: Uint8Array = raw;
    if (raw.byteLength >= threshold) {
      body =
        encoding === 'br'
          ? await brotliAsync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            })
          : await gzipAsync(raw, { level: 6 });
    }
    // Node's buffers here sit on plain ArrayBuffers (never shared memory), which Response accepts.
    c.res = new Response(body as Uint8Array<ArrayBuffer>, res);
    // Hono copies the old response's headers over the new one: set the changed ones after.
    if (body !== raw) c.res.headers.set('content-encoding', encoding);
    c.res.headers.set('content-length', String(body.byteLength));
    const etag = c.res.headers.get('etag');
    if (body !== raw && etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
  };
}
