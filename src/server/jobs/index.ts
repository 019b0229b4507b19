// Every background job the runner runs; add a job by listing its definition here.
import type { TConfig } from '../config.ts';
import { checkInJob } from './check-in-job.ts';
import { cleanupJob } from './cleanup.ts';
import { pushJob } from './push-job.ts';
import type { TJobDefinition } from './types.ts';
import { vacuumJob } from './vacuum-job.ts';

export function jobDefinitions(config: TConfig): TJobDefinition[] {
  return [
    checkInJob(config.CHECKIN_SWEEP_SECONDS),
    cleanupJob(),
    pushJob(config.PUSH_SWEEP_SECONDS),
    vacuumJob(),
  ];
}
