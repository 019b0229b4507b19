// Every background job the runner runs; add a job by listing its definition here.
import type { TConfig } from '../config.ts';
import { cleanupJob } from './cleanup.ts';
import type { TJobDefinition } from './types.ts';

export function jobDefinitions(_config: TConfig): TJobDefinition[] {
  return [cleanupJob()];
}
