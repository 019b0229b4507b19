// The owner's /admin view: people (Plus or free), the chat models and the model download, the job queue.
import type { TAdminSummary } from '../../../shared/account.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import { countPeople } from '../../db/queries/account.ts';
import type { TJobRunner } from '../../jobs/runner.ts';
import { modelDownloadManagerFor } from '../models/model-download-manager.ts';
import { modelStates } from './model-states.ts';

export async function adminSummary(db: TDb, config: TConfig, jobs?: TJobRunner): Promise<TAdminSummary> {
  const people = await countPeople(db);
  const download = modelDownloadManagerFor({
    url: config.MODEL_DOWNLOAD_URL,
    dataDir: config.dataDir,
    fileName: config.LLAMA_MODEL_FILE,
  }).status();
  return {
    people: { ...people, free: people.total - people.plus },
    models: {
      local: {
        ollama: { baseUrl: config.OLLAMA_BASE_URL, model: config.OLLAMA_MODEL },
        embedded: { file: download.embedded.file, isPresent: download.embedded.isPresent },
      },
      remote: config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL } : null,
      download: download.embedded.download,
      states: await modelStates(config, download.embedded),
    },
    jobs: jobs ? await jobs.summary() : null,
  };
}
