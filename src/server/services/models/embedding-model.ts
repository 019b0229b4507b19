// The sentence-embedding model the owner can download for memory: its download, then memory switches to it
// without a restart and re-embeds in the background; USE lite stays when it is absent or does not load.
import type { TEmbeddingModelStatus } from '../../../shared/models.ts';
import { EMBEDDING_MODEL_CHOICE } from '../../ai/download/model-catalog.ts';
import type { TConfig } from '../../config.ts';
import type { TLogger } from '../../lib/logger.ts';
import { EMBEDDING_GGUF_FILE, llamaCppEmbedderId } from '../../memory/llama-cpp-embedder.ts';
import type { TMemoryService } from '../memories/memory-service.ts';
import { modelDownloadManagerFor } from './model-download-manager.ts';

export type TEmbeddingModel = {
  status(): TEmbeddingModelStatus;
  /**
   * Starts the download (true), or, with the file there but not in use, tries it again (false); once the
   * file is complete memory takes it.
   */
  start(): boolean;
  /** Settles when the latest download and the switch after it are over (tests). */
  settled(): Promise<void>;
};

export function embeddingModelFor(deps: {
  config: Pick<TConfig, 'dataDir' | 'EMBEDDING_MODEL_DOWNLOAD_URL'>;
  memory: Pick<TMemoryService, 'embedder' | 'reembedProgress' | 'switchToDownloadedEncoder'>;
  log?: TLogger;
}): TEmbeddingModel {
  const { config, memory, log } = deps;
  const url = config.EMBEDDING_MODEL_DOWNLOAD_URL;
  const manager = modelDownloadManagerFor({ url, dataDir: config.dataDir, fileName: EMBEDDING_GGUF_FILE });
  let load: TEmbeddingModelStatus['load'] = 'idle';
  let switching: Promise<void> = Promise.resolve();

  const takeDownloaded = () => {
    load = 'loading';
    switching = memory.switchToDownloadedEncoder().then(
      (isUsed) => {
        load = isUsed ? 'idle' : 'failed';
      },
      (err: unknown) => {
        load = 'failed';
        log?.warn({ err }, 'the downloaded embedding model could not be used');
      },
    );
    return switching;
  };

  const status = (): TEmbeddingModelStatus => {
    const { isPresent, download } = manager.status().embedded;
    return {
      ...EMBEDDING_MODEL_CHOICE,
      file: EMBEDDING_GGUF_FILE,
      url,
      isPresent,
      download,
      isInUse: memory.embedder.id === llamaCppEmbedderId(EMBEDDING_GGUF_FILE),
      load,
      encoder: memory.embedder.id,
      reembed: memory.reembedProgress(),
    };
  };

  return {
    status,
    start() {
      const now = status();
      if (now.isPresent) {
        if (!now.isInUse && load !== 'loading') void takeDownloaded();
        return false;
      }
      const isStarted = manager.start();
      if (isStarted) {
        switching = manager.settled().then(() => {
          if (manager.status().embedded.isPresent) return takeDownloaded();
        });
      }
      return isStarted;
    },
    settled: () => switching,
  };
}
