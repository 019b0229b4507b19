// "Your data" and /admin shapes shared by the server and the web app.
import { z } from 'zod';
import type { TModelDownloadState } from './models.ts';
import { zText } from './text.ts';

/** DELETE /api/account: the person types their username to confirm. */
export const ZDeleteAccount = z.object({
  confirm: zText('Type your username to confirm').max(100, 'Type your username to confirm'),
});

export type TQueueSummary = {
  name: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
};

/** GET /api/admin/summary: the owner's view of the installation. */
export type TAdminSummary = {
  people: { total: number; plus: number; free: number };
  models: {
    local: { ollama: { baseUrl: string; model: string }; embedded: { file: string; isPresent: boolean } };
    remote: { baseUrl: string; model: string } | null;
    download: TModelDownloadState;
  };
  /** null when this process runs no job runner. */
  jobs: TQueueSummary[] | null;
};
