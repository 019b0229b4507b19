// "Your data" and /admin shapes shared by the server and the web app.
import { z } from 'zod';
import type { TModelDownloadState } from './models.ts';
import { zText } from './text.ts';

/**
 * DELETE /api/account: the person types their username to confirm; the only owner of the installation
 * also confirms that it is left without an owner.
 */
export const ZDeleteAccount = z.object({
  confirm: zText('Type your username to confirm').max(100, 'Type your username to confirm'),
  leaveWithoutOwner: z.boolean().optional(),
});

/** The 409 the only owner gets without leaveWithoutOwner. */
export const ONLY_OWNER_MESSAGE =
  'You are the only owner of this Kindred. Deleting your account leaves it without an owner until ADMIN_EMAILS names one: confirm that to go on.';

export type TQueueSummary = {
  name: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
};

/** GET /api/admin/summary: the owner's view of the installation. */
export type TModelState = {
  name: string;
  where: string;
  state: 'answering' | 'not answering' | 'not downloaded';
  lastError: string | null;
  checkedAt: string;
};

export type TAdminSummary = {
  people: { total: number; plus: number; free: number };
  models: {
    local: { ollama: { baseUrl: string; model: string }; embedded: { file: string; isPresent: boolean } };
    remote: { baseUrl: string; model: string } | null;
    download: TModelDownloadState;
    /** Each chat model as checked just now: whether it answers, and the error it gave when it did not. */
    states: TModelState[];
  };
  /** null when this process runs no job runner. */
  jobs: TQueueSummary[] | null;
};
