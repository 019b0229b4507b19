// /api/models: the embedded model's file, and its download started from the chat screen (status for signed-in people, the download for the owner).
import { Hono } from 'hono';
import type { TAbortDownloadResponse, TModelsStatus, TStartDownloadResponse } from '../../shared/models.ts';
import { requireOwner } from '../auth/owner.ts';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import { requireUser, type TAppEnv } from '../lib/http.ts';
import { modelDownloadManagerFor } from '../services/models/model-download-manager.ts';

export function modelsRoutes(config: TConfig, db: TDb) {
  const manager = modelDownloadManagerFor({
    url: config.MODEL_DOWNLOAD_URL,
    dataDir: config.dataDir,
    fileName: config.LLAMA_MODEL_FILE,
  });
  return (
    new Hono<TAppEnv>()
      .get('/status', (c) => {
        requireUser(c);
        return c.json<TModelsStatus>(manager.status());
      })
      // The download is server-wide: only the owner may start or abort it.
      .post('/download', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const started = manager.start();
        return c.json<TStartDownloadResponse>({ ...manager.status(), started }, started ? 202 : 200);
      })
      .delete('/download', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const aborted = manager.abort();
        return c.json<TAbortDownloadResponse>({ ...manager.status(), aborted });
      })
  );
}
