// /api/models: whether a chat model is set up, the embedded model's file, and its download started from the
// chat screen (status for signed-in people, the download for the owner); the owner's memory model
// (/embedding: its download, whether memory uses it, the re-embed's progress).
import { Hono } from 'hono';
import type {
  TAbortDownloadResponse,
  TEmbeddingModelStatus,
  TModelsStatus,
  TModelsStatusResponse,
  TStartDownloadResponse,
  TStartEmbeddingDownloadResponse,
} from '../../shared/models.ts';
import type { TModelSet } from '../ai/model-set.ts';
import { requireOwner } from '../auth/owner.ts';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import { requireUser, type TAppEnv } from '../lib/http.ts';
import type { TMemoryService } from '../services/memories/memory-service.ts';
import { downloadManagersFor } from '../services/models/download-managers.ts';
import { embeddingModelFor } from '../services/models/embedding-model.ts';
import { modelDownloadManagerFor } from '../services/models/model-download-manager.ts';

export function modelsRoutes(
  config: TConfig,
  db: TDb,
  models: Pick<TModelSet, 'hasModel'>,
  memory: TMemoryService,
) {
  const manager = modelDownloadManagerFor({
    url: config.MODEL_DOWNLOAD_URL,
    dataDir: config.dataDir,
    fileName: config.LLAMA_MODEL_FILE,
  });
  const downloads = downloadManagersFor(config, manager);
  const status = (): TModelsStatus => ({ ...manager.status(), choices: downloads.status() });
  const embedding = embeddingModelFor({ config, memory });
  return (
    new Hono<TAppEnv>()
      .get('/status', async (c) => {
        requireUser(c);
        return c.json<TModelsStatusResponse>({ ...status(), hasChatModel: await models.hasModel() });
      })
      // The download is server-wide: only the owner may start or abort it. ?model=fast|better picks one
      // of the offered models (default: the configured one).
      .post('/download', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const started = downloads.managerOf(c.req.query('model')).start();
        return c.json<TStartDownloadResponse>({ ...status(), started }, started ? 202 : 200);
      })
      .delete('/download', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const aborted = downloads.abortAll();
        return c.json<TAbortDownloadResponse>({ ...status(), aborted });
      })
      // The memory model: the owner's screen polls this while it downloads and while memories re-embed.
      .get('/embedding', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        c.header('Cache-Control', 'private, no-store');
        return c.json<TEmbeddingModelStatus>(embedding.status());
      })
      .post('/embedding/download', async (c) => {
        await requireOwner(c, db, config.adminEmails);
        const started = embedding.start();
        return c.json<TStartEmbeddingDownloadResponse>(
          { ...embedding.status(), started },
          started ? 202 : 200,
        );
      })
  );
}
