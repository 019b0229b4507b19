// Web Push as a background job: every PUSH_SWEEP_SECONDS one sweep (at most one at a time across every
// process) sends the pushes waiting in the outbox; each push is claimed by one sweep only.
import { sendPush } from '../push/send-push.ts';
import { loadOrCreateVapid, type TVapid } from '../push/vapid.ts';
import { deliverDuePushes } from '../services/push/deliver-pushes.ts';
import type { TJobDefinition } from './types.ts';

export function pushJob(everySeconds: number): TJobDefinition {
  let vapid: TVapid | null = null;
  return {
    name: 'web-push',
    everySeconds,
    async run(ctx) {
      vapid ??= loadOrCreateVapid(ctx.config);
      const keys = vapid;
      await deliverDuePushes({
        db: ctx.db,
        log: ctx.log,
        send: (target, payload) => sendPush(keys, target, payload),
      });
    },
  };
}
