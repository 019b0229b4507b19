// /api/models: the embedded model's file, and its download started from the chat screen (signed-in people only).
import { Hono } from 'hono';
import type { TAbortDownloadResponse, TModelsStatus, TStartDownloadResponse } from '../../shared/models.ts';
import type { TConfig } from '../config.ts';
import { requireUser, type TAppEnv } from '../lib/http.ts';
import { modelDownloadManagerFor } from '../services/models/model-download-manager.ts';

export function modelsRoutes(config: TConfig) {
  const manager = modelDownloadManagerFor({
    url: config.MODEL_DOWNLOAD_URL,
    dataDir: config.dataDir,
    fileName: config.LLAMA_MODEL_FILE,
  });
  return new Hono<TAppEnv>()
    .get('/status', (c) => {
      requireUser(c);
      return c.json<TModelsStatus>(manager.status());
    })
    .post('/download', (c) => {
      requireUser(c);
      const started = manager.start();
      return c.json<TStartDownloadResponse>({ ...manager.status(), started }, started ? 202 : 200);
    })
    .delete('/download', (c) => {
      requireUser(c);
      const aborted = manager.abort();
      return c.json<TAbortDownloadResponse>({ ...manager.status(), aborted });
    });
}
