// A stand-in for a browser's push service: a local HTTP server that accepts pushes at the endpoints it hands
// out, keeps what arrived, and answers whatever status a test asks for (201, or 404/410 for a gone
// subscription). Its subscriptions carry real keys, so a test can decrypt the aes128gcm payload (RFC 8291).
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { TPushSubscription } from '../shared/push.ts';
import { listenLocally } from './local-server.ts';

export type TReceivedPush = { id: string; headers: IncomingHttpHeaders; body: Buffer };

export type TFakeSubscription = TPushSubscription & {
  id: string;
  /** Decrypts a push sent to this subscription; throws when it was not encrypted for it. */
  decrypt(body: Buffer): string;
};

export type TFakePushService = {
  url: string;
  received: TReceivedPush[];
  subscribe(): TFakeSubscription;
  /** The status the endpoint of `id` answers from now on (201 until set). */
  answer(id: string, status: number): void;
  close(): Promise<void>;
};

const b64url = (buf: Buffer) => buf.toString('base64url');

export function decryptAes128gcm(
  body: Buffer,
  keys: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('Not a final aes128gcm record');
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<TFakePushService> {
  const received: TReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      if (req.method !== 'POST' || !statuses.has(id)) {
        res.writeHead(404).end();
        return;
      }
      received.push({ id, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(id) ?? 201).end();
    });
  });
  const { origin: url, close } = await listenLocally(server);
  return {
    url,
    received,
    subscribe() {
      const id = randomUUID();
      statuses.set(id, 201);
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const keys = { privateKey: ecdh.getPrivateKey(), publicKey, auth };
      return {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
        decrypt: (body: Buffer) => decryptAes128gcm(body, keys),
      };
    },
    answer(id, status) {
      statuses.set(id, status);
    },
    close,
  };
}
