// Runs every background job definition on pg-boss: PGlite through pg-boss's own adapter, or Postgres.
import type { PgBoss } from 'pg-boss';
import type { TQueueSummary } from '../../shared/account.ts';
import type { TDatabase } from '../db/client.ts';
import { countJobsByState } from '../db/queries/jobs.ts';
import type { TLogger } from '../lib/logger.ts';
import { BOSS_SCHEMA, createBoss } from './boss.ts';
import type { TJobContext, TJobDefinition } from './types.ts';

export type TJobRunner = {
  start(): Promise<void>;
  /** Stops scheduling, lets a running job finish (up to a few seconds), then closes pg-boss. */
  stop(): Promise<void>;
  /** Per queue of this runner's jobs: how many jobs wait, run, failed and completed (retained ones). */
  summary(): Promise<TQueueSummary[]>;
  /** Asks for a run of a job now (still at most one at a time across every process). */
  runNow(name: string): Promise<void>;
};

export type TJobRunnerOptions = {
  database: TDatabase;
  jobs: TJobDefinition[];
  context: Omit<TJobContext, 'db'>;
  log: TLogger;
};

export function createJobRunner(options: TJobRunnerOptions): TJobRunner {
  const { database, jobs, log } = options;
  const ctx: TJobContext = { ...options.context, db: database.db };
  const timers: NodeJS.Timeout[] = [];
  let boss: PgBoss | null = null;

  // Every process asks for a run each period; the queue's 'stately' policy keeps at most one waiting and
  // one running across all of them, so a sweep is never run twice at once.
  const enqueue = async (job: TJobDefinition) => {
    await boss?.send(job.name, {}, { singletonKey: job.name, retryLimit: 0, expireInSeconds: 15 * 60 });
  };

  return {
    async start() {
      boss = createBoss(database);
      boss.on('error', (err) => log.warn({ err }, 'jobs runner error'));
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, { policy: 'stately', deleteAfterSeconds: 24 * 3600 });
        await boss.work(
          job.name,
          { pollingIntervalSeconds: Math.max(0.5, Math.min(2, job.everySeconds / 2)) },
          async () => {
            const started = performance.now();
            try {
              await job.run(ctx);
            } catch (err) {
              log.warn({ err, job: job.name }, 'job failed');
              throw err;
            }
            log.debug({ job: job.name, ms: Math.round(performance.now() - started) }, 'job done');
          },
        );
        await enqueue(job).catch((err) => log.warn({ err, job: job.name }, 'job not queued'));
        timers.push(
          setInterval(() => {
            void enqueue(job).catch((err) => log.warn({ err, job: job.name }, 'job not queued'));
          }, job.everySeconds * 1000).unref(),
        );
      }
      log.info({ jobs: jobs.map((j) => j.name) }, 'jobs runner started');
    },

    async stop() {
      for (const t of timers) clearInterval(t);
      timers.length = 0;
      const current = boss;
      boss = null;
      await current?.stop({ graceful: true, timeout: 5000, close: true });
    },

    async summary() {
      const names = jobs.map((j) => j.name);
      const counts = new Map(
        names.map((name) => [name, { name, queued: 0, active: 0, failed: 0, completed: 0 }]),
      );
      const rows = await countJobsByState(database.db, BOSS_SCHEMA, names);
      for (const row of rows) {
        const entry = counts.get(row.name);
        if (!entry) continue;
        if (row.state === 'created' || row.state === 'retry') entry.queued += row.n;
        else if (row.state === 'active') entry.active += row.n;
        else if (row.state === 'failed') entry.failed += row.n;
        else if (row.state === 'completed') entry.completed += row.n;
      }
      return [...counts.values()];
    },

    async runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      await enqueue(job);
    },
  };
}
