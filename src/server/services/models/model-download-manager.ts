// Runs the embedded model's download for the web app: one at a time per file, with state the UI can poll.
import { statSync } from 'node:fs';
import type { TModelDownloadState, TModelsStatus } from '../../../shared/models.ts';
import { downloadModel, modelPath } from '../../ai/download/download-model.ts';

export type TModelDownloadManagerOptions = {
  url: string;
  dataDir: string;
  /** The GGUF's name in <dataDir>/models (LLAMA_MODEL_FILE). */
  fileName: string;
  /** Attempts after a broken connection (downloadModel's default when absent). */
  retries?: number;
};

export type TModelDownloadManager = {
  status(): TModelsStatus;
  /** Starts the download unless the file is there or one is running; true when it started one. */
  start(): boolean;
  /** Stops a running download (its .part stays, so the next start resumes); true when one was running. */
  abort(): boolean;
  /** Settles when the latest download has finished, failed or been aborted (for tests and shutdown). */
  settled(): Promise<void>;
};

type TRun = { controller: AbortController };

export function createModelDownloadManager(options: TModelDownloadManagerOptions): TModelDownloadManager {
  const target = modelPath(options.dataDir, options.fileName);
  let state: TModelDownloadState = { state: 'idle' };
  let current: TRun | null = null;
  // The previous run, aborted or not, must let go of its .part before the next one opens it.
  let settling: Promise<void> = Promise.resolve();

  // Synchronous on purpose: check-and-start cannot interleave with another request's start.
  const isPresent = () => (statSync(target, { throwIfNoEntry: false })?.size ?? 0) > 0;

  function start(): boolean {
    if (current || isPresent()) return false;
    const run: TRun = { controller: new AbortController() };
    current = run;
    state = { state: 'downloading', receivedBytes: 0, totalBytes: null };
    settling = settling
      .then(() =>
        downloadModel({
          url: options.url,
          dataDir: options.dataDir,
          fileName: options.fileName,
          retries: options.retries,
          signal: run.controller.signal,
          onProgress: ({ receivedBytes, totalBytes }) => {
            if (current === run) state = { state: 'downloading', receivedBytes, totalBytes };
          },
        }),
      )
      .then(
        () => {
          if (current === run) state = { state: 'done' };
        },
        (error: unknown) => {
          if (current === run) state = { state: 'failed', message: explainError(error) };
        },
      )
      .finally(() => {
        if (current === run) current = null;
      });
    return true;
  }

  function abort(): boolean {
    if (!current) return false;
    current.controller.abort();
    current = null;
    state = { state: 'idle' };
    return true;
  }

  return {
    status: () => ({ embedded: { file: options.fileName, isPresent: isPresent(), download: state } }),
    start,
    abort,
    settled: () => settling,
  };
}

const managers = new Map<string, TModelDownloadManager>();

/** The process's one manager for this model file, so every app instance shares one download. */
export function modelDownloadManagerFor(options: TModelDownloadManagerOptions): TModelDownloadManager {
  const key = modelPath(options.dataDir, options.fileName);
  let manager = managers.get(key);
  if (!manager) {
    manager = createModelDownloadManager(options);
    managers.set(key, manager);
  }
  return manager;
}

/** Network failures that mean the model host could not be reached at all (no connection, no name). */
const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);
export const HOST_UNREACHABLE_MESSAGE = 'Could not reach the model host; check the internet connection';

/** A sentence a person understands: no `getaddrinfo ENOTFOUND`, but what to check. */
export function explainError(error: unknown): string {
  if (!(error instanceof Error)) return `Model download failed: ${String(error)}`;
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND...) is in its cause.
  const cause = error.cause as (Error & { code?: string }) | undefined;
  const code = cause?.code ?? (error as Error & { code?: string }).code;
  if ((code && UNREACHABLE.has(code)) || error.name === 'TimeoutError') return HOST_UNREACHABLE_MESSAGE;
  const detail = cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  return detail.startsWith('Download') ? detail : `Model download failed: ${detail}`;
}
