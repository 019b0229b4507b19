// The web-push job's sweep: claims due pushes (each by one sweep only), sends them, removes subscriptions
// the push service no longer knows (404/410) and retries the rest with exponential backoff.

import type { TPushPayload } from '../../../shared/push.ts';
import type { TDb } from '../../db/client.ts';
import {
  claimDuePushes,
  deleteSubscriptionById,
  markPushFailed,
  markPushSent,
} from '../../db/queries/push.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TPushOutcome, TPushTarget } from '../../push/send-push.ts';

export const PUSH_MAX_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 30;
const BATCH = 50;

/** After the n-th failed try: 30 s, 60 s, 120 s, 240 s, then give up. */
export function retryDelaySeconds(attempts: number): number | null {
  return attempts >= PUSH_MAX_ATTEMPTS ? null : FIRST_RETRY_SECONDS * 2 ** (attempts - 1);
}

export type TDeliverDeps = {
  db: TDb;
  send: (target: TPushTarget, payload: TPushPayload) => Promise<TPushOutcome>;
  log?: TLogger;
};

export async function deliverDuePushes(
  deps: TDeliverDeps,
): Promise<{ sent: number; gone: number; failed: number }> {
  const counts = { sent: 0, gone: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDuePushes(deps.db, BATCH);
    for (const push of claimed) {
      const outcome = await deps.send(push, push.payload);
      if (outcome.kind === 'sent') {
        await markPushSent(deps.db, push.id);
        counts.sent++;
      } else if (outcome.kind === 'gone') {
        await deleteSubscriptionById(deps.db, push.subscriptionId);
        counts.gone++;
      } else {
        await markPushFailed(deps.db, {
          id: push.id,
          error: outcome.error,
          retryInSeconds: retryDelaySeconds(push.attempts),
        });
        counts.failed++;
        deps.log?.warn(
          { pushId: push.id, attempts: push.attempts, error: outcome.error },
          'push not delivered',
        );
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (counts.sent + counts.gone + counts.failed > 0) deps.log?.info(counts, 'pushes delivered');
  return counts;
}
