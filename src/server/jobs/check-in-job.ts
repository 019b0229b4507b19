// The check-in sweep as a background job, every CHECKIN_SWEEP_SECONDS.
import { sendDueCheckIns } from '../services/memories/send-check-ins.ts';
import type { TJobDefinition } from './types.ts';

export function checkInJob(everySeconds: number): TJobDefinition {
  return {
    name: 'memory-check-ins',
    everySeconds,
    async run(ctx) {
      await sendDueCheckIns({
        db: ctx.db,
        config: ctx.config,
        log: ctx.log,
        // Background work: it waits behind every person's reply for a model slot.
        pickModel: () => ctx.models.forBackground('local'),
      });
    },
  };
}
