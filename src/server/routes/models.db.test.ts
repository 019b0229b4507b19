import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TModelsStatus } from '../../shared/models.ts';
import { listenLocally, type TLocalServer } from '../../test-support/local-server.ts';
import {
  call,
  createSignedInUser,
  createTestApp,
  type TTestApp,
  type TTestUser,
} from '../../test-support/test-app.ts';

const FILE = 'tiny-test.gguf';
// A fake GGUF: the magic bytes, then noise; big enough to arrive in many chunks.
const MODEL = Buffer.concat([Buffer.from('GGUF'), randomBytes(256 * 1024 - 4)]);

/** How the fake file server behaves: 'slow' sends the file in 16 paced chunks (≈0.5 s). */
type TMode = 'ok' | 'slow' | 'fail' | 'break-then-fail';
let mode: TMode = 'ok';
let requests: { range: string | undefined }[] = [];
let local: TLocalServer;
let baseUrl: string;

beforeAll(async () => {
  const server = createServer((req, res) => {
    requests.push({ range: req.headers.range });
    if (mode === 'fail') {
      res.writeHead(500).end('boom');
      return;
    }
    if (mode === 'break-then-fail') {
      mode = 'fail';
      // Announce the whole file, send half, give it time to land, then close the connection early.
      res.writeHead(200, { 'content-length': MODEL.length });
      res.write(MODEL.subarray(0, MODEL.length / 2), () => setTimeout(() => req.socket.end(), 150));
      return;
    }
    const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = MODEL.subarray(from);
    res.writeHead(from > 0 ? 206 : 200, {
      'content-length': body.length,
      ...(from > 0 && { 'content-range': `bytes ${from}-${MODEL.length - 1}/${MODEL.length}` }),
    });
    if (mode === 'ok') {
      res.end(body);
      return;
    }
    const chunk = Math.ceil(body.length / 16);
    let sent = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(body.subarray(sent, sent + chunk));
      sent += chunk;
      if (sent >= body.length) {
        clearInterval(timer);
        res.end();
      }
    }, 30);
  });
  local = await listenLocally(server);
  baseUrl = local.origin;
});
afterAll(() => local.close());

let t: TTestApp;
let me: TTestUser;

beforeEach(async () => {
  mode = 'ok';
  requests = [];
  // A fresh data folder per test, so each gets its own download manager and no file.
  t = await createTestApp({ MODEL_DOWNLOAD_URL: `${baseUrl}/models/${FILE}`, LLAMA_MODEL_FILE: FILE });
  me = await createSignedInUser(t.database);
});
afterEach(async () => {
  await call(t, 'DELETE', '/api/models/download', { user: me });
  await t.close();
});

const finalFile = () => path.join(t.config.dataDir, 'models', FILE);

async function status(): Promise<TModelsStatus> {
  const res = await call(t, 'GET', '/api/models/status', { user: me });
  expect(res.status).toBe(200);
  return (await res.json()) as TModelsStatus;
}

/** Polls like the web panel does, until the download is no longer running. */
async function waitWhileDownloading(): Promise<TModelsStatus> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const s = await status();
    if (s.embedded.download.state !== 'downloading') return s;
    if (Date.now() > deadline) throw new Error('download did not finish');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('/api/models', () => {
  it('reports the model file missing and nothing running at first', async () => {
    const s = await status();
    expect(s.embedded).toEqual({ file: FILE, isPresent: false, download: { state: 'idle' } });
  });

  it('offers a fast small model and a better larger one, each with size, measured speed and licence', async () => {
    const { choices } = await status();
    expect(choices?.map((c) => c.id)).toEqual(['fast', 'better']);
    for (const choice of choices ?? []) {
      expect(choice).toMatchObject({ isPresent: false, download: { state: 'idle' }, licence: 'Apache-2.0' });
      expect(choice.sizeBytes).toBeGreaterThan(0);
      expect(choice.tokensPerSecond).toBeGreaterThan(0);
      expect(choice.firstTokenSeconds).toBeGreaterThan(0);
    }
    expect(choices![1]!.sizeBytes).toBeGreaterThan(choices![0]!.sizeBytes);
    const res = await call(t, 'POST', '/api/models/download?model=huge', { user: me });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_request' });
  });

  it('downloads the model: 202, progress while running, then done with the file in place', async () => {
    mode = 'slow';
    const res = await call(t, 'POST', '/api/models/download', { user: me });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({
      started: true,
      embedded: { download: { state: 'downloading' } },
    });

    const seen: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { download } = (await status()).embedded;
      if (download.state !== 'downloading') break;
      if (download.totalBytes !== null) {
        expect(download.totalBytes).toBe(MODEL.length);
        seen.push(download.receivedBytes);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.some((bytes) => bytes > 0 && bytes < MODEL.length)).toBe(true);
    expect(await status()).toMatchObject({
      embedded: { file: FILE, isPresent: true, download: { state: 'done' } },
    });
    expect(readFileSync(finalFile()).equals(MODEL)).toBe(true);
    expect(existsSync(`${finalFile()}.part`)).toBe(false);
  });

  it('starts only one download when asked twice while it runs', async () => {
    mode = 'slow';
    const [first, second] = await Promise.all([
      call(t, 'POST', '/api/models/download', { user: me }),
      call(t, 'POST', '/api/models/download', { user: me }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 202]);
    const third = await call(t, 'POST', '/api/models/download', { user: me });
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({
      started: false,
      embedded: { download: { state: 'downloading' } },
    });

    expect((await waitWhileDownloading()).embedded).toMatchObject({
      isPresent: true,
      download: { state: 'done' },
    });
    expect(requests).toHaveLength(1);
  });

  it('does not download again when the file is already there', async () => {
    mkdirSync(path.dirname(finalFile()), { recursive: true });
    writeFileSync(finalFile(), MODEL);
    const res = await call(t, 'POST', '/api/models/download', { user: me });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ started: false, embedded: { isPresent: true } });
    expect(requests).toHaveLength(0);
  });

  it('fails with a message when the server answers 500, leaving no model file', async () => {
    mode = 'fail';
    expect((await call(t, 'POST', '/api/models/download', { user: me })).status).toBe(202);
    const { embedded } = await waitWhileDownloading();
    expect(embedded.isPresent).toBe(false);
    expect(embedded.download).toEqual({ state: 'failed', message: expect.stringContaining('HTTP 500') });
    expect(existsSync(finalFile())).toBe(false);
  });

  it('keeps a broken download as .part only, and the next start resumes it', async () => {
    mode = 'break-then-fail';
    await call(t, 'POST', '/api/models/download', { user: me });
    expect((await waitWhileDownloading()).embedded.download.state).toBe('failed');
    expect(existsSync(finalFile())).toBe(false);
    const partBytes = readFileSync(`${finalFile()}.part`).length;
    expect(partBytes).toBeGreaterThan(0);
    expect(partBytes).toBeLessThan(MODEL.length);

    mode = 'ok';
    requests = [];
    expect((await call(t, 'POST', '/api/models/download', { user: me })).status).toBe(202);
    expect((await waitWhileDownloading()).embedded).toMatchObject({
      isPresent: true,
      download: { state: 'done' },
    });
    expect(requests).toEqual([{ range: `bytes=${partBytes}-` }]);
    expect(readFileSync(finalFile()).equals(MODEL)).toBe(true);
  });

  it('cancels a running download: idle again, no model file, and a later start finishes it', async () => {
    mode = 'slow';
    await call(t, 'POST', '/api/models/download', { user: me });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const res = await call(t, 'DELETE', '/api/models/download', { user: me });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ aborted: true, embedded: { download: { state: 'idle' } } });
    expect((await status()).embedded).toMatchObject({ isPresent: false, download: { state: 'idle' } });
    const again = await call(t, 'DELETE', '/api/models/download', { user: me });
    expect(await again.json()).toMatchObject({ aborted: false });

    expect((await call(t, 'POST', '/api/models/download', { user: me })).status).toBe(202);
    expect((await waitWhileDownloading()).embedded).toMatchObject({
      isPresent: true,
      download: { state: 'done' },
    });
    expect(readFileSync(finalFile()).equals(MODEL)).toBe(true);
  });

  it('is for signed-in people only, and refuses writes from another site', async () => {
    for (const [method, url] of [
      ['GET', '/api/models/status'],
      ['POST', '/api/models/download'],
      ['DELETE', '/api/models/download'],
    ] as const) {
      const res = await call(t, method, url);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'unauthorized' });
    }
    for (const method of ['POST', 'DELETE']) {
      const res = await call(t, method, '/api/models/download', {
        user: me,
        headers: { origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'forbidden' });
    }
    expect(requests).toHaveLength(0);
    expect((await status()).embedded.download).toEqual({ state: 'idle' });
  });
});
