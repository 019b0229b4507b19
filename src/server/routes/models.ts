// /api/models: the embedded model's file, and its download started from the chat screen (signed-in people only).
import { Hono } from 'hono';
import type { TAbortDownloadResponse, TModelsStatus, TStartDownloadResponse } from '../../shared/models.ts';
import type { TConfig } from '../config.ts';
import { requireUser, type TAppEnv } from '../lib/http.ts';
import { modelChoicesFor } from '../services/models/model-choices.ts';
import { modelDownloadManagerFor } from '../services/models/model-download-manager.ts';

export function modelsRoutes(config: TConfig) {
  const manager = modelDownloadManagerFor({
    url: config.MODEL_DOWNLOAD_URL,
    dataDir: config.dataDir,
    fileName: config.LLAMA_MODEL_FILE,
  });
  const choices = modelChoicesFor(config, manager);
  const status = (): TModelsStatus => ({ ...manager.status(), choices: choices.status() });
  return new Hono<TAppEnv>()
    .get('/status', (c) => {
      requireUser(c);
      return c.json<TModelsStatus>(status());
    })
    .post('/download', async (c) => {
      requireUser(c);
      // ?model=fast|better picks one of the offered models (default: the configured one).
      const started = choices.managerOf(c.req.query('model')).start();
      return c.json<TStartDownloadResponse>({ ...status(), started }, started ? 202 : 200);
    })
    .delete('/download', (c) => {
      requireUser(c);
      const aborted = choices.abortAll();
      return c.json<TAbortDownloadResponse>({ ...status(), aborted });
    });
}
