// Judging an exchange as a pg-boss job. The exchange waits in the database, so a restart or a crash loses
// none; a failed judgment is retried with backoff; each job is taken by one instance only, however many run.
// A process takes the waiting exchanges a batch at a time and judges them side by side in lanes: one for
// every exchange its local model judges (never asked twice at once), one per person and character for a
// remote model's (a person's facts are compared with their kept ones, so theirs go one after another).
import type { Job, JobResult, PgBoss } from 'pg-boss';
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

/**
 * Exchanges a process takes at once. With a remote model, one judgment at a time kept up with about one
 * exchange a second (a judgment is a model call or two, seconds on a real provider), and each kept fact's
 * vector was made alone: the encoder's fixed cost per run, about twice a batched text's
 * (bench:reply-pipeline, memories case).
 */
export const JUDGE_BATCH = 8;

/** The lane an exchange is judged in (see the header). */
const laneOf = (job: TJudgeJob) =>
  job.modelKind === 'local' ? 'local' : `remote:${job.userId}:${job.characterId}`;

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
  /** The batch this process is judging (idle() waits on it rather than asking the database). */
  let judging: Promise<unknown> | null = null;
  /** This process's worker, woken when an exchange is queued or judged (see `wake`). */
  let workerId: string | null = null;

  /** Each job's judgment in its lane; a failed one fails alone (retried later), the others complete. */
  const judgeBatch = (jobs: Job<TJudgeJob>[]): Promise<JobResult[]> => {
    const lanes = new Map<string, Promise<unknown>>();
    return Promise.all(
      jobs.map((job) => {
        const lane = laneOf(job.data);
        const result = (lanes.get(lane) ?? Promise.resolve())
          .then(() => options.judge(job.data, job.signal))
          .then(
            (): JobResult => ({ id: job.id, status: 'completed' }),
            (err): JobResult => {
              log?.warn({ err, job: job.id }, 'judging an exchange failed; it will be retried');
              return { id: job.id, status: 'failed', output: { message: String(err?.message ?? err) } };
            },
          );
        lanes.set(lane, result);
        return result;
      }),
    );
  };

  const start = () => {
    if (isStopped) return Promise.reject(new Error('The memory judge queue is stopped'));
    starting ??= (async () => {
      const boss = createBoss(database);
      boss.on('error', (err) => log?.warn({ err }, 'memory judge queue error'));
      await boss.start();
      await boss.createQueue(JUDGE_QUEUE, QUEUE_OPTIONS);
      // An idle worker looks again only after its polling interval, and after each batch too: exchanges
      // queued faster than one a second waited longer and longer. Woken when one is queued here and after
      // each batch, it takes the next at once; with none waiting, or after a failed judgment (the model may
      // be down), it polls as before.
      const wake = () => {
        if (workerId) boss.notifyWorker(workerId);
      };
      workerId = await boss.work<TJudgeJob>(
        JUDGE_QUEUE,
        {
          batchSize: JUDGE_BATCH,
          perJobResults: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        },
        async (jobs) => {
          const judged = judgeBatch(jobs);
          judging = judged;
          try {
            const results = await judged;
            if (results.every((r) => r.status === 'completed')) wake();
            return results;
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
