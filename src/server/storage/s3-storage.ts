// Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), read by browsers from its public URL.
import { encodePath, signRequest, type TSigV4Credentials } from './sigv4.ts';
import { assertSafeKey, type TStorage } from './storage.ts';

export type TS3Options = {
  bucket: string;
  region: string;
  /** e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000; AWS when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load objects from (bucket website, CDN or r2.dev URL), without a trailing slash. */
  publicUrl: string;
  fetch?: typeof fetch;
};

export function createS3Storage(opts: TS3Options): TStorage {
  const doFetch = opts.fetch ?? fetch;
  const credentials: TSigV4Credentials = {
    accessKeyId: opts.accessKeyId,
    secretAccessKey: opts.secretAccessKey,
    region: opts.region,
  };
  const publicBase = `${opts.publicUrl.replace(/\/+$/, '')}/`;
  // Custom endpoints (R2, MinIO) use path-style addressing; AWS itself virtual-hosted style.
  const objectUrl = (key: string) =>
    opts.endpoint
      ? new URL(`${opts.endpoint.replace(/\/+$/, '')}/${encodePath(opts.bucket)}/${encodePath(key)}`)
      : new URL(`https://${opts.bucket}.s3.${opts.region}.amazonaws.com/${encodePath(key)}`);
  const keyOf = (url: string): string | null => {
    if (!url.startsWith(publicBase)) return null;
    const key = url.slice(publicBase.length);
    try {
      assertSafeKey(key);
      return key;
    } catch {
      return null;
    }
  };
  const send = async (method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) => {
    const url = objectUrl(key);
    const signed = signRequest({ method, url, headers, body, credentials });
    return doFetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
  };

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const res = await send('PUT', key, bytes, {
        'content-type': contentType,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      if (!res.ok)
        throw new Error(`S3 PUT ${key} failed with ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return `${publicBase}${key}`;
    },
    async read(url) {
      const key = keyOf(url);
      if (!key) return null;
      const res = await send('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} failed with ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(url) {
      const key = keyOf(url);
      if (!key) return;
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed with ${res.status}`);
    },
    owns: (url) => keyOf(url) !== null,
  };
}
