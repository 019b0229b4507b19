import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TEmbeddingModelStatus } from '../../shared/models.ts';
import { listenLocally, type TLocalServer } from '../../test-support/local-server.ts';
import {
  call,
  createSignedInUser,
  createTestApp,
  type TTestApp,
  type TTestUser,
} from '../../test-support/test-app.ts';
import { writeTinyGguf } from '../../test-support/tiny-gguf.ts';
import { memories } from '../db/schema.ts';
import { EMBEDDING_GGUF_FILE, llamaCppEmbedderId } from '../memory/llama-cpp-embedder.ts';
import { USE_LITE_ID } from '../memory/use-lite-embedder.ts';

const SERAPHINE = 1;
const GGUF_ID = llamaCppEmbedderId(EMBEDDING_GGUF_FILE);

// The owner's download comes from a local server: a random-weight GGUF stands in for bge-small.
let local: TLocalServer;
let fileUrl: string;
let served = 0;
beforeAll(async () => {
  const file = path.join(tmpdir(), `kindred-embed-${process.pid}.gguf`);
  await writeTinyGguf(file);
  const body = await readFile(file);
  const server = createServer((_req, res) => {
    served += 1;
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  local = await listenLocally(server);
  fileUrl = `${local.origin}/${EMBEDDING_GGUF_FILE}`;
});
afterAll(() => local.close());

let t: TTestApp;
afterEach(() => t.close());

async function status(owner: TTestUser): Promise<TEmbeddingModelStatus> {
  const res = await call(t, 'GET', '/api/models/embedding', { user: owner });
  expect(res.status).toBe(200);
  return (await res.json()) as TEmbeddingModelStatus;
}

/** Polls as the owner's screen does until the download, the switch and the re-embed are over. */
async function waitUntilSettled(owner: TTestUser): Promise<TEmbeddingModelStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await status(owner);
    const isBusy =
      s.download.state === 'downloading' || s.load === 'loading' || s.reembed.state === 'running';
    if (!isBusy && (s.isInUse || s.load === 'failed' || s.download.state === 'failed')) return s;
    if (Date.now() > deadline) throw new Error(`not settled: ${JSON.stringify(s)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const keep = (owner: TTestUser, content: string) =>
  t.memory.store({
    userId: owner.id,
    characterId: SERAPHINE,
    characterName: 'Seraphine Vale',
    content,
    reply: '',
    importance: 0.5,
  });

describe('/api/models/embedding: the memory model the owner downloads', () => {
  it('is offered beside the chat models; once downloaded memory uses it without a restart and re-embeds', {
    timeout: 90_000,
  }, async () => {
    t = await createTestApp({ EMBEDDING_MODEL_DOWNLOAD_URL: fileUrl });
    const owner = await createSignedInUser(t.database);
    const kept = [
      await keep(owner, 'My dog is called Biscuit'),
      await keep(owner, 'I moved to Berlin in March'),
      await keep(owner, 'My sister Ada is a nurse'),
    ];
    const before = await status(owner);
    expect(before).toMatchObject({
      file: EMBEDDING_GGUF_FILE,
      licence: 'MIT',
      isPresent: false,
      isInUse: false,
      encoder: USE_LITE_ID,
      download: { state: 'idle' },
    });
    expect(before.sizeBytes).toBeGreaterThan(0);
    const hasVectors = (await t.memory.capabilities()).vector;

    const res = await call(t, 'POST', '/api/models/embedding/download', { user: owner });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ started: true, download: { state: 'downloading' } });
    const after = await waitUntilSettled(owner);
    expect(after).toMatchObject({ isPresent: true, isInUse: true, encoder: GGUF_ID, load: 'idle' });
    expect(served).toBe(1);

    const rows = await t.database.db
      .select({ id: memories.id, model: memories.embeddingModel })
      .from(memories)
      .where(eq(memories.userId, owner.id));
    if (hasVectors) {
      // Every memory's vector is the new encoder's, and the progress said how many of how many.
      expect(after.reembed).toEqual({ state: 'done', done: kept.length });
      expect(rows.map((r) => r.model)).toEqual(kept.map(() => GGUF_ID));
      const found = await t.memory.search({
        userId: owner.id,
        characterId: SERAPHINE,
        text: 'Biscuit',
        limit: 3,
      });
      expect(found[0]?.id).toBe(kept[0]?.id);
      // A memory kept from now on is embedded by it.
      const next = await keep(owner, 'I start a new job at the bakery on Monday');
      const [row] = await t.database.db.select().from(memories).where(eq(memories.id, next.id));
      expect(row?.embeddingModel).toBe(GGUF_ID);
    } else {
      // A Postgres without pgvector searches by words alone: nothing to re-embed, nothing lost.
      expect(after.reembed).toEqual({ state: 'idle' });
      expect(rows).toHaveLength(kept.length);
    }

    // Asked again: the file is there and in use, nothing is downloaded.
    const again = await call(t, 'POST', '/api/models/embedding/download', { user: owner });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ started: false, isInUse: true });
    expect(served).toBe(1);
  });

  it('a downloaded file that does not load leaves memory on the shipped encoder, and says so', {
    timeout: 60_000,
  }, async () => {
    t = await createTestApp({ EMBEDDING_MODEL_DOWNLOAD_URL: fileUrl });
    const owner = await createSignedInUser(t.database);
    // A corrupted file where the download would have put it (GGUF's magic, then no model).
    const models = path.join(t.config.dataDir, 'models');
    await mkdir(models, { recursive: true });
    await writeFile(
      path.join(models, EMBEDDING_GGUF_FILE),
      Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(4096, 7)]),
    );
    const res = await call(t, 'POST', '/api/models/embedding/download', { user: owner });
    expect(await res.json()).toMatchObject({ started: false, isPresent: true });
    const after = await waitUntilSettled(owner);
    expect(after).toMatchObject({ isInUse: false, load: 'failed', encoder: USE_LITE_ID });
    const memory = await keep(owner, 'I swim every Thursday');
    const [row] = await t.database.db.select().from(memories).where(eq(memories.id, memory.id));
    if ((await t.memory.capabilities()).vector) expect(row?.embeddingModel).toBe(USE_LITE_ID);
  });

  it('is the owner’s alone', async () => {
    t = await createTestApp({ EMBEDDING_MODEL_DOWNLOAD_URL: fileUrl });
    await createSignedInUser(t.database);
    const other = await createSignedInUser(t.database);
    const servedBefore = served;
    for (const [method, url] of [
      ['GET', '/api/models/embedding'],
      ['POST', '/api/models/embedding/download'],
    ] as const) {
      expect((await call(t, method, url, { user: other })).status).toBe(403);
      expect((await call(t, method, url)).status).toBe(401);
    }
    expect(served).toBe(servedBefore);
  });
});
