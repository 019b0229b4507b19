// The cleanup job: uploads and speech nothing refers to after a day, expired sessions and provider records.
import { deleteExpiredRows } from '../db/queries/cleanup.ts';
import { deleteUpload, listUnreferencedUploads } from '../db/queries/uploads.ts';
import { rerecordedClipUrls, takeUnreferencedClips } from '../db/queries/voice-clips.ts';
import { createStorage, type TStorage } from '../storage/index.ts';
import type { TJobContext, TJobDefinition } from './types.ts';

/** An upload gets this long to be used (a persona being created, a card being imported) before it goes. */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 3600 * 1000;
/** Speech no message keeps (a voice sample, a reply's sentences) stays this long after it was last made or found. */
export const UNUSED_SPEECH_GRACE_MS = 24 * 3600 * 1000;

export async function runCleanup(ctx: Pick<TJobContext, 'db' | 'log'>, storage: TStorage, now = new Date()) {
  let uploads = 0;
  for (;;) {
    const batch = await listUnreferencedUploads(ctx.db, new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS));
    for (const upload of batch) {
      await storage.remove(upload.url);
      await deleteUpload(ctx.db, upload.key);
    }
    uploads += batch.length;
    if (batch.length === 0) break;
  }
  let speech = 0;
  for (;;) {
    // The records go first: speech asked for again meanwhile is made anew rather than found missing.
    const urls = await takeUnreferencedClips(ctx.db, new Date(now.getTime() - UNUSED_SPEECH_GRACE_MS));
    const remade = await rerecordedClipUrls(ctx.db, urls);
    for (const url of urls) if (!remade.has(url)) await storage.remove(url);
    speech += urls.length;
    if (urls.length === 0) break;
  }
  const expired = await deleteExpiredRows(ctx.db, now);
  const removed = { uploads, speech, ...expired };
  ctx.log.info({ removed }, 'cleanup done');
  return removed;
}

export function cleanupJob(storage?: TStorage): TJobDefinition {
  return {
    name: 'cleanup',
    everySeconds: 3600,
    async run(ctx) {
      await runCleanup(ctx, storage ?? createStorage(ctx.config));
    },
  };
}
