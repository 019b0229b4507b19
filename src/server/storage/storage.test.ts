import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, type TLocalServer } from '../../test-support/local-server.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

describe('local storage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kindred-storage-'));
  const storage = createLocalStorage(dir);

  it('writes under media/ and reads, owns and removes by URL', async () => {
    const url = await storage.put('avatars/abc.webp', Buffer.from('hi'), 'image/webp');
    expect(url).toBe('/media/avatars/abc.webp');
    expect(storage.owns(url)).toBe(true);
    expect((await storage.read(url))?.toString()).toBe('hi');
    await storage.remove(url);
    expect(await storage.read(url)).toBeNull();
    await storage.remove(url);
  });

  it('never leaves its root or overwrites a file', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe/);
    await expect(storage.put('a/../../b', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe/);
    expect(storage.owns('/media/../auth-secret')).toBe(false);
    expect(await storage.read('/media/../auth-secret')).toBeNull();
    expect(storage.owns('https://elsewhere.example/media/a.webp')).toBe(false);
    await storage.put('avatars/once.webp', Buffer.from('1'), 'image/webp');
    await expect(storage.put('avatars/once.webp', Buffer.from('2'), 'image/webp')).rejects.toThrow();
  });
});

describe('S3-compatible storage', () => {
  // A minimal object store over real HTTP that checks what a bucket checks first: the signed body hash.
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; url: string; auth: string }[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const parts: Buffer[] = [];
      req.on('data', (p: Buffer) => parts.push(p));
      req.on('end', () => resolve(Buffer.concat(parts)));
    });
  const server = createServer(async (req, res) => {
    const data = await body(req);
    seen.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization) });
    const hash = createHash('sha256').update(data).digest('hex');
    if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=KEY/')) {
      res.writeHead(403).end('no auth');
      return;
    }
    if (req.headers['x-amz-content-sha256'] !== hash) {
      res.writeHead(400).end('XAmzContentSHA256Mismatch');
      return;
    }
    const key = req.url!;
    if (req.method === 'PUT') {
      objects.set(key, { body: data, type: String(req.headers['content-type']) });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': o.type }).end(o.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    }
  });
  let local: TLocalServer;
  let endpoint = '';
  beforeAll(async () => {
    local = await listenLocally(server);
    endpoint = local.origin;
  });
  afterAll(() => local.close());
  /** The fake bucket 'kindred' with this access key, its objects served from `publicUrl`. */
  const bucketAt = (accessKeyId: string, publicUrl: string) =>
    createS3Storage({
      bucket: 'kindred',
      region: 'auto',
      endpoint,
      accessKeyId,
      secretAccessKey: 'SECRET',
      publicUrl,
    });

  it('puts, reads and removes objects path-style, returning public URLs', async () => {
    const storage = bucketAt('KEY', 'https://cdn.example/kindred/');
    const url = await storage.put('avatars/x1.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(url).toBe('https://cdn.example/kindred/avatars/x1.webp');
    expect(objects.get('/kindred/avatars/x1.webp')).toEqual({
      body: Buffer.from('webp bytes'),
      type: 'image/webp',
    });
    expect(seen[0]!.auth).toMatch(
      /SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date/,
    );
    expect(storage.owns(url)).toBe(true);
    expect(storage.owns('/media/avatars/x1.webp')).toBe(false);
    expect((await storage.read(url))?.toString()).toBe('webp bytes');
    await storage.remove(url);
    expect(objects.size).toBe(0);
    expect(await storage.read(url)).toBeNull();
  });

  it('reports a refused upload as an error', async () => {
    const storage = bucketAt('WRONG', 'https://cdn.example/kindred');
    await expect(storage.put('avatars/x2.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/403/);
  });
});
