// Compression as a browser gets it, over a real socket: the build's precompressed files in the encoding
// asked for (and cached for a year when hashed), API JSON above 1 KB compressed, small JSON and event
// streams sent as they are (a stream's first event arrives while the model is still writing), robots.txt.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../scripts/vite-precompress.ts';
import { startFakeOpenAI, type TFakeOpenAI } from '../test-support/fake-openai-server.ts';
import { startHttpApp, type THttpApp } from '../test-support/http-app.ts';
import { createSignedInUser, type TTestUser } from '../test-support/test-app.ts';

type TRaw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
type TChunk = { at: number; text: string };

let fake: TFakeOpenAI;
let server: THttpApp;
let me: TTestUser;
let webDir: string;
const script = `export const screens = [${Array.from({ length: 400 }, (_, i) => `"screen ${i}"`).join(',')}];\n`;

/** A request whose body is read as sent (no decoding), with the time each chunk arrived. */
function raw(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TRaw & { chunks: TChunk[] }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      `${server.baseUrl}${pathname}`,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const parts: Buffer[] = [];
        const chunks: TChunk[] = [];
        res.on('data', (part: Buffer) => {
          parts.push(part);
          chunks.push({ at: performance.now() - started, text: part.toString('utf8') });
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), chunks }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-AbC123xy.js'), script);
  writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><title>Kindred</title>${'<!-- pad -->'.repeat(200)}`,
  );
  copyFileSync(path.resolve('public/robots.txt'), path.join(webDir, 'robots.txt'));
  precompressFolder(webDir);
  fake = await startFakeOpenAI({ apiKey: 'sk-test', model: 'gpt-test', replyTokens: 30 });
  server = await startHttpApp(
    {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'gpt-test',
      OLLAMA_BASE_URL: 'http://127.0.0.1:9',
      EMBEDDINGS_URL: fake.url,
      EMBEDDINGS_MODEL: 'fake-embed',
      EMBEDDINGS_API_KEY: 'sk-test',
    },
    { webDir },
  );
  me = await createSignedInUser(server.database, { name: 'Ada Lovelace' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('the built files', () => {
  it('a hashed script goes out as brotli, or gzip, as the browser asks, and is cached for a year', async () => {
    const br = await raw('/assets/index-AbC123xy.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script keeps the headers a subresource uses, not the page's policies (bytes on every file).
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.body.byteLength).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await raw('/assets/index-AbC123xy.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await raw('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('a screen of the app is compressed and never cached without asking', async () => {
    const page = await raw('/chat/1', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>Kindred</title>');
  });

  it('robots.txt is a real robots file, not the app page', async () => {
    const robots = await raw('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const text = robots.body.toString();
    expect(text).toBe(readFileSync(path.resolve('public/robots.txt'), 'utf8'));
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toContain('<html');
  });
});

describe('API responses', () => {
  it('JSON above 1 KB is compressed; a small answer and a client without Accept-Encoding get it plain', async () => {
    const list = await raw('/api/character-personas', {
      headers: { cookie: me.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(list.body);
    expect(decoded.byteLength).toBeGreaterThan(1024);
    expect(Number(list.headers['content-length'])).toBe(list.body.byteLength);
    expect(Array.isArray(JSON.parse(decoded.toString()))).toBe(true);

    const plain = await raw('/api/character-personas', { headers: { cookie: me.cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(decoded)).toBe(true);

    const small = await raw('/assistant-usage', { headers: { cookie: me.cookie, 'accept-encoding': 'br' } });
    expect(small.status).toBe(200);
    expect(small.body.byteLength).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ limit: 20 });
  });

  it('a streamed reply is neither compressed nor held back: its first words come while the model writes', async () => {
    fake.setTokenDelay(40);
    const res = await raw('/assistant-reply-openai', {
      method: 'POST',
      headers: {
        cookie: me.cookie,
        origin: server.baseUrl,
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'accept-encoding': 'gzip, deflate, br',
      },
      body: JSON.stringify({ userId: me.id, characterId: 1, userInput: 'Tell me a long story please' }),
    });
    fake.setTokenDelay(0);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toContain('no-transform');
    const firstDelta = res.chunks.find((c) => c.text.includes('event: delta'));
    const done = res.chunks.find((c) => c.text.includes('event: done'));
    expect(firstDelta).toBeDefined();
    expect(done).toBeDefined();
    // 30 tokens at 40 ms: the first word arrives a good second before the last.
    expect(done!.at - firstDelta!.at).toBeGreaterThan(600);
  });
});
