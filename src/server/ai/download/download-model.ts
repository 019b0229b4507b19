// Downloads the embedded model's GGUF into <dataDir>/models, resuming a partial download and reporting progress.
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/** Qwen2.5 0.5B Instruct, Q4_K_M (about 490 MB, Apache-2.0): small enough for a CPU, good enough to chat. */
export const DEFAULT_MODEL_URL =
  'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf';

/** bge-small-en-v1.5, Q8_0 (MIT): memory's sentence encoder once downloaded (memory/llama-cpp-embedder.ts). */
export const EMBEDDING_MODEL_URL =
  'https://huggingface.co/CompendiumLabs/bge-small-en-v1.5-gguf/resolve/main/bge-small-en-v1.5-q8_0.gguf';

export type TDownloadProgress = {
  receivedBytes: number;
  /** Null when the server does not say. */
  totalBytes: number | null;
  /** Bytes already on disk from an earlier attempt when this one started. */
  resumedFrom: number;
};

export type TDownloadModelOptions = {
  url?: string;
  dataDir: string;
  /** Defaults to the last segment of the URL. */
  fileName?: string;
  onProgress?: (progress: TDownloadProgress) => void;
  signal?: AbortSignal;
  /** Attempts after a broken connection, each resuming where the last stopped (default 3). */
  retries?: number;
};

export type TDownloadResult = { path: string; bytes: number; wasPresent: boolean; wasResumed: boolean };

/** Path of a model file inside the data folder. */
export function modelPath(dataDir: string, fileName: string): string {
  return join(dataDir, 'models', fileName);
}

function fileNameOf(options: TDownloadModelOptions, url: string): string {
  const name = options.fileName ?? decodeURIComponent(basename(new URL(url).pathname));
  if (!/^[\w.-]+\.gguf$/i.test(name)) throw new Error(`Not a GGUF file name: ${name}`);
  return name;
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  );
}

async function hasGgufMagic(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.toString('ascii') === 'GGUF';
  } finally {
    await file.close();
  }
}

type TAttempt = { total: number | null; resumedFrom: number };

/** One attempt: fetch from the end of the .part file and append. */
async function attempt(url: string, part: string, options: TDownloadModelOptions): Promise<TAttempt> {
  let offset = await sizeOf(part);
  const response = await fetch(url, {
    headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
    redirect: 'follow',
    signal: options.signal,
  });

  if (response.status === 416) {
    // Nothing left to send: the .part is either complete or longer than the file (then start over).
    await response.body?.cancel();
    const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]);
    if (total === offset) return { total, resumedFrom: offset };
    await rm(part, { force: true });
    throw new Error('The partial download did not match the file on the server; starting over.');
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    throw new Error(`Download failed: HTTP ${response.status} ${response.statusText} from ${url}`);
  }
  if (!response.body) throw new Error('Download failed: the server sent no body.');

  let total: number | null;
  if (response.status === 206) {
    const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get('content-range') ?? '');
    if (!range || Number(range[1]) !== offset) {
      await response.body.cancel();
      await rm(part, { force: true });
      throw new Error('The server resumed at the wrong place; starting over.');
    }
    total = range[2] === '*' ? null : Number(range[2]);
  } else {
    offset = 0; // the server ignored the Range header: the body is the whole file
    const length = response.headers.get('content-length');
    total = length === null ? null : Number(length);
  }

  const resumedFrom = offset;
  let received = offset;
  options.onProgress?.({ receivedBytes: received, totalBytes: total, resumedFrom });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      options.onProgress?.({ receivedBytes: received, totalBytes: total, resumedFrom });
      callback(null, chunk);
    },
  });
  // Readable.fromWeb wants node's own ReadableStream type; fetch's body is the same object at run time.
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  await pipeline(body, counter, createWriteStream(part, { flags: offset > 0 ? 'a' : 'w' }), {
    signal: options.signal,
  });
  return { total, resumedFrom };
}

const inFlight = new Map<string, Promise<TDownloadResult>>();

/**
 * Downloads `url` to <dataDir>/models/<file>. The bytes go to `<file>.part` first; a later call (or a
 * retry after a broken connection) resumes it with an HTTP Range request. Only a complete file with the
 * announced size and the GGUF magic bytes is renamed to its final name. Calls for the same file in
 * this process share one download.
 */
export function downloadModel(options: TDownloadModelOptions): Promise<TDownloadResult> {
  const url = options.url ?? DEFAULT_MODEL_URL;
  const target = modelPath(options.dataDir, fileNameOf(options, url));
  const running = inFlight.get(target);
  if (running) return running;
  const download = run(url, target, options).finally(() => inFlight.delete(target));
  inFlight.set(target, download);
  return download;
}

async function run(url: string, target: string, options: TDownloadModelOptions): Promise<TDownloadResult> {
  const present = await sizeOf(target);
  if (present > 0) return { path: target, bytes: present, wasPresent: true, wasResumed: false };

  await mkdir(join(options.dataDir, 'models'), { recursive: true });
  const part = `${target}.part`;
  const retries = options.retries ?? 3;
  let wasResumed = false;
  let total: number | null = null;
  for (let attemptNo = 0; ; attemptNo++) {
    try {
      const result = await attempt(url, part, options);
      total = result.total;
      wasResumed = result.resumedFrom > 0;
      break;
    } catch (error) {
      if (options.signal?.aborted || attemptNo >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attemptNo));
    }
  }

  const bytes = await sizeOf(part);
  if (total !== null && bytes !== total) {
    throw new Error(`Download incomplete: ${bytes} of ${total} bytes. Run it again to resume.`);
  }
  if (!(await hasGgufMagic(part))) {
    await rm(part, { force: true });
    throw new Error(`The file at ${url} is not a GGUF model.`);
  }
  await rename(part, target);
  return { path: target, bytes, wasPresent: false, wasResumed };
}
