import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listenLocally } from '../../../test-support/local-server.ts';
import { downloadModel, modelPath, type TDownloadProgress } from './download-model.ts';

const MODEL = Buffer.concat([Buffer.from('GGUF'), randomBytes(300_000)]);

type TFileServer = {
  url: string;
  ranges: (string | undefined)[];
  /** Cut the connection after this many body bytes, for the next N requests. */
  dropAfter: { bytes: number; times: number };
  isRangeIgnored: boolean;
  close(): Promise<void>;
};

async function startFileServer(files: Record<string, Buffer>): Promise<TFileServer> {
  const state = {
    ranges: [] as (string | undefined)[],
    dropAfter: { bytes: 0, times: 0 },
    isRangeIgnored: false,
  };
  const server: Server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    state.ranges.push(req.headers.range);
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range && !state.isRangeIgnored) {
      start = Number(range[1]);
      if (start >= file.length) {
        res.writeHead(416, { 'content-range': `bytes */${file.length}` }).end();
        return;
      }
      res.writeHead(206, {
        'content-range': `bytes ${start}-${file.length - 1}/${file.length}`,
        'content-length': file.length - start,
      });
    } else {
      res.writeHead(200, { 'content-length': file.length });
    }
    const body = file.subarray(start);
    if (state.dropAfter.times > 0) {
      state.dropAfter.times--;
      // Wait a little before cutting, so the client has written what it received (as on a real network).
      res.write(body.subarray(0, state.dropAfter.bytes), () => setTimeout(() => res.destroy(), 50));
      return;
    }
    // Several writes, so progress arrives in several events.
    for (let i = 0; i < body.length; i += 64_000) res.write(body.subarray(i, i + 64_000));
    res.end();
  });
  const { origin, close } = await listenLocally(server);
  return Object.assign(state, { url: origin, close });
}

describe('downloadModel', () => {
  let server: TFileServer;
  let dataDir: string;

  beforeAll(async () => {
    server = await startFileServer({
      '/m/tiny.gguf': MODEL,
      '/m/page.gguf': Buffer.from('<html>login</html>'),
    });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kindred-download-'));
    server.ranges.length = 0;
    server.dropAfter = { bytes: 0, times: 0 };
    server.isRangeIgnored = false;
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('downloads the whole file into <dataDir>/models with progress events', async () => {
    const events: TDownloadProgress[] = [];
    const result = await downloadModel({
      url: `${server.url}/m/tiny.gguf`,
      dataDir,
      onProgress: (p) => events.push({ ...p }),
    });
    expect(result).toEqual({
      path: modelPath(dataDir, 'tiny.gguf'),
      bytes: MODEL.length,
      wasPresent: false,
      wasResumed: false,
    });
    expect((await readFile(result.path)).equals(MODEL)).toBe(true);
    expect(await readdir(join(dataDir, 'models'))).toEqual(['tiny.gguf']);
    expect(events.length).toBeGreaterThan(2);
    expect(events[0]).toEqual({ receivedBytes: 0, totalBytes: MODEL.length, resumedFrom: 0 });
    expect(events.at(-1)?.receivedBytes).toBe(MODEL.length);
    expect(events.every((e, i) => i === 0 || e.receivedBytes >= events[i - 1]!.receivedBytes)).toBe(true);
  });

  it('resumes with a Range request after the first attempt was cut mid-body', async () => {
    server.dropAfter = { bytes: 100_000, times: 1 };
    const url = `${server.url}/m/tiny.gguf`;
    await expect(downloadModel({ url, dataDir, retries: 0 })).rejects.toThrow();
    const part = `${modelPath(dataDir, 'tiny.gguf')}.part`;
    const partial = await readFile(part);
    expect(partial.length).toBe(100_000);
    expect(await readdir(join(dataDir, 'models'))).toEqual(['tiny.gguf.part']);

    const events: TDownloadProgress[] = [];
    const result = await downloadModel({ url, dataDir, onProgress: (p) => events.push({ ...p }) });
    expect(server.ranges).toEqual([undefined, 'bytes=100000-']);
    expect(result.wasResumed).toBe(true);
    expect(events[0]).toEqual({ receivedBytes: 100_000, totalBytes: MODEL.length, resumedFrom: 100_000 });
    expect((await readFile(result.path)).equals(MODEL)).toBe(true);
    expect(await readdir(join(dataDir, 'models'))).toEqual(['tiny.gguf']);
  });

  it('retries a broken connection by itself, resuming each time', async () => {
    server.dropAfter = { bytes: 70_000, times: 2 };
    const result = await downloadModel({ url: `${server.url}/m/tiny.gguf`, dataDir });
    expect(server.ranges).toEqual([undefined, 'bytes=70000-', 'bytes=140000-']);
    expect((await readFile(result.path)).equals(MODEL)).toBe(true);
  });

  it('starts over when the server ignores the Range header', async () => {
    await mkdir(join(dataDir, 'models'));
    await writeFile(`${modelPath(dataDir, 'tiny.gguf')}.part`, Buffer.alloc(5000, 7));
    server.isRangeIgnored = true;
    const result = await downloadModel({ url: `${server.url}/m/tiny.gguf`, dataDir });
    expect(server.ranges).toEqual(['bytes=5000-']);
    expect(result.wasResumed).toBe(false);
    expect((await readFile(result.path)).equals(MODEL)).toBe(true);
  });

  it('finishes a .part that is already complete', async () => {
    const part = `${modelPath(dataDir, 'tiny.gguf')}.part`;
    await downloadModel({ url: `${server.url}/m/tiny.gguf`, dataDir });
    await rm(modelPath(dataDir, 'tiny.gguf'));
    await writeFile(part, MODEL);
    const result = await downloadModel({ url: `${server.url}/m/tiny.gguf`, dataDir });
    expect(server.ranges.at(-1)).toBe(`bytes=${MODEL.length}-`);
    expect((await readFile(result.path)).equals(MODEL)).toBe(true);
  });

  it('does nothing when the model is already there', async () => {
    await downloadModel({ url: `${server.url}/m/tiny.gguf`, dataDir });
    const again = await downloadModel({ url: `${server.url}/m/tiny.gguf`, dataDir });
    expect(again.wasPresent).toBe(true);
    expect(server.ranges).toHaveLength(1);
  });

  it('refuses a file that is not a GGUF model and an HTTP error', async () => {
    await expect(downloadModel({ url: `${server.url}/m/page.gguf`, dataDir })).rejects.toThrow(
      'is not a GGUF model',
    );
    await expect(downloadModel({ url: `${server.url}/m/none.gguf`, dataDir, retries: 0 })).rejects.toThrow(
      'HTTP 404',
    );
    expect(await readdir(join(dataDir, 'models'))).toEqual([]);
  });
});
