// What a background job is: plain data (a name, a schedule, a handler), run by the jobs runner on pg-boss.

import type { TModelSet } from '../ai/model-set.ts';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import type { TLogger } from '../lib/logger.ts';

export type TJobContext = {
  db: TDb;
  config: TConfig;
  log: TLogger;
  /** The app's plan-aware chat models, for jobs that write with the character's voice (check-ins). */
  models: TModelSet;
};

export type TJobDefinition = {
  /** The pg-boss queue name; unique across jobs. */
  name: string;
  /** Runs every this many seconds (one instance at a time across every app process). */
  everySeconds: number;
  run(ctx: TJobContext): Promise<void>;
};
