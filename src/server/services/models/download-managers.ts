// The download managers of the offered embedded models (fast / better), one each; 'fast' is the configured one.
import { MODEL_CATALOG } from '../../ai/download/model-catalog.ts';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { modelDownloadManagerFor, type TModelDownloadManager } from './model-download-manager.ts';

export function downloadManagersFor(config: Pick<TConfig, 'dataDir'>, configured: TModelDownloadManager) {
  const managers = new Map<string, TModelDownloadManager>(
    MODEL_CATALOG.map((choice) => [
      choice.id,
      choice.id === 'fast'
        ? configured
        : modelDownloadManagerFor({ url: choice.url, dataDir: config.dataDir, fileName: choice.file }),
    ]),
  );
  return {
    /** @throws AppError 400 for a model that is not offered. */
    managerOf(id: string | undefined): TModelDownloadManager {
      const manager = managers.get(id ?? 'fast');
      if (!manager) throw new AppError('bad_request', `Unknown model "${id}": choose fast or better`);
      return manager;
    },
    status() {
      return MODEL_CATALOG.map((choice) => {
        const { isPresent, download } = managers.get(choice.id)!.status().embedded;
        return { ...choice, isPresent, download };
      });
    },
    abortAll(): boolean {
      return [...managers.values()].map((m) => m.abort()).some(Boolean);
    },
  };
}
