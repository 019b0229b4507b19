// Judging an exchange as a pg-boss job. The exchange waits in the database, so a restart or a crash loses
// none; a failed judgment is retried with backoff; each process judges one at a time (its local model is
// never asked twice at once); each job is taken by one instance only, however many run.
import type { PgBoss } from 'pg-boss';
import type { TModelKind } from '../ai/select-models.ts';
import type { TDatabase } from '../db/client.ts';
import { countJobsByState } from '../db/queries/jobs.ts';
import type { TLogger } from '../lib/logger.ts';
import { BOSS_SCHEMA, createBoss } from './boss.ts';

export const JUDGE_QUEUE = 'memory-judge';

/** One exchange to judge: who said it where, the words (the reply is not always stored), the model's kind. */
export type TJudgeJob = {
  userId: number;
  characterId: number;
  characterName: string;
  chatLogUuid: string | null;
  /** The person's message's position in the chat (null: not from a stored chat message). */
  messagePosition: number | null;
  /** When the message was sent (ISO): the judge resolves "tomorrow" against it, however long the job waited. */
  sentAt?: string;
  message: string;
  reply: string;
  /** Which model judges: the kind of the one that replied, taken again when the job runs. */
  modelKind: TModelKind;
  /** The message's vector, when recall already made it. */
  embedding: number[] | null;
  /** The encoder that made it (absent in jobs queued before it was kept). */
  embeddingModel?: string | null;
};

export type TJudgeQueue = {
  /** Starts judging waiting exchanges (those left by an earlier run too); idempotent. */
  start(): Promise<void>;
  /** Puts an exchange in the queue (stored before it resolves); starts the queue when needed. */
  send(job: TJudgeJob): Promise<void>;
  /** Resolves when no exchange waits, is judged or waits for a retry (tests, benchmarks). */
  idle(): Promise<void>;
  /** Lets the current judgment finish for a few seconds; after that it is failed, to be retried. */
  stop(): Promise<void>;
};

/** Retries of a judgment that threw (model down, database error), 5 s, 10 s, 20 s... up to 10 minutes apart. */
const RETRY = { retryLimit: 6, retryDelay: 5, retryBackoff: true, retryDelayMax: 600 };
/**
 * A judgment waits behind every person's reply for the model: it may take minutes on a busy local model.
 * The heartbeat hands the job of a crashed process to another within a minute or two.
 */
const QUEUE_OPTIONS = {
  policy: 'standard' as const,
  ...RETRY,
  expireInSeconds: 30 * 60,
  heartbeatSeconds: 30,
  // The person's words are kept no longer than needed: a judged exchange's job goes after an hour.
  deleteAfterSeconds: 3600,
};

export function createJudgeQueue(options: {
  database: TDatabase;
  log?: TLogger;
  judge(job: TJudgeJob, signal: AbortSignal): Promise<void>;
  /** How often an idle worker looks for exchanges (seconds). */
  pollingIntervalSeconds?: number;
}): TJudgeQueue {
  const { database, log } = options;
  let starting: Promise<PgBoss> | null = null;
  let isStopped = false;
  /** The judgment this process is running (idle() waits on it rather than asking the database). */
  let judging: Promise<unknown> | null = null;
  /** This process's worker, woken when an exchange is queued or judged (see `wake`). */
  let workerId: string | null = null;

  const start = () => {
    if (isStopped) return Promise.reject(new Error('The memory judge queue is stopped'));
    starting ??= (async () => {
      const boss = createBoss(database);
      boss.on('error', (err) => log?.warn({ err }, 'memory judge queue error'));
      await boss.start();
      await boss.createQueue(JUDGE_QUEUE, QUEUE_OPTIONS);
      // An idle worker looks again only after its polling interval, and after each judgment too: exchanges
      // queued faster than one a second waited longer and longer. Woken when one is queued here and after
      // each judgment, it takes the next at once (still one at a time); with none waiting, or after a failed
      // judgment (the model may be down), it polls as before.
      const wake = () => {
        if (workerId) boss.notifyWorker(workerId);
      };
      workerId = await boss.work<TJudgeJob>(
        JUDGE_QUEUE,
        { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
        async ([job]) => {
          if (!job) return;
          const judged = options.judge(job.data, job.signal);
          judging = judged.catch(() => {});
          try {
            await judged;
            wake();
          } catch (err) {
            log?.warn({ err, job: job.id }, 'judging an exchange failed; it will be retried');
            throw err;
          } finally {
            judging = null;
          }
        },
      );
      return boss;
    })();
    starting.catch(() => {
      starting = null;
    });
    return starting.then(() => {});
  };

  return {
    start,

    async send(job) {
      await start();
      const boss = await starting;
      await boss?.send(JUDGE_QUEUE, job, RETRY);
      if (workerId) boss?.notifyWorker(workerId);
    },

    async idle() {
      if (!starting) return;
      await starting.catch(() => {});
      for (;;) {
        // While this process judges one, nothing new can be learnt from the database: wait for it.
        if (judging) {
          await judging;
          continue;
        }
        const rows = await countJobsByState(database.db, BOSS_SCHEMA, [JUDGE_QUEUE]);
        if (!rows.some((r) => ['created', 'retry', 'active'].includes(r.state) && r.n > 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    async stop() {
      isStopped = true;
      const boss = await starting?.catch(() => null);
      starting = null;
      await boss?.stop({ graceful: true, timeout: 5000, close: true });
    },
  };
}
