// AWS Signature Version 4 for S3-compatible object stores (S3, R2, MinIO), header-signed requests.
import { createHash, createHmac } from 'node:crypto';

export type TSigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** S3 encodes every byte but unreserved ones, and keeps '/' in paths. */
export const encodePath = (p: string) =>
  p
    .split('/')
    .map((s) =>
      encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');

/**
 * Returns the headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and
 * Authorization. `url` must already have its path encoded as it will be sent.
 */
export function signRequest(opts: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
  credentials: TSigV4Credentials;
  now?: Date;
  /** S3 accepts 'UNSIGNED-PAYLOAD'; by default the body is hashed. */
  payloadHash?: string;
}): Record<string, string> {
  const now = opts.now ?? new Date();
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = opts.payloadHash ?? sha256Hex(opts.body ?? Buffer.alloc(0));
  const headers: Record<string, string> = {
    ...opts.headers,
    host: opts.url.host,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': payloadHash,
  };
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const query = [...opts.url.searchParams.entries()]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    opts.method,
    opts.url.pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${opts.credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${opts.credentials.secretAccessKey}`, day), opts.credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${opts.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
