// The check-in sweep as a background job, every CHECKIN_SWEEP_SECONDS.
import { sendDueCheckIns } from '../services/memories/send-check-ins.ts';
import type { TJobDefinition } from './types.ts';

export function checkInJob(everySeconds: number): TJobDefinition {
  return {
    name: 'memory-check-ins',
    everySeconds,
    async run(ctx) {
      const models = ctx.models;
      if (!models) return;
      await sendDueCheckIns({
        db: ctx.db,
        config: ctx.config,
        log: ctx.log,
        pickModel: () => models.pickModel('local'),
      });
    },
  };
}
