// Judging an exchange is a pg-boss job: an exchange waiting for the judge outlives a restart (and the one
// being judged at the stop is retried), and two app instances on one database judge each exchange once.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import { until as waitFor } from '../../../test-support/until.ts';
import type { TChatModel } from '../../ai/chat-model.ts';
import { createModelSet } from '../../ai/model-set.ts';
import { planTable } from '../../billing/plans.ts';
import { rowsOf } from '../../db/client.ts';
import { countJobsByState } from '../../db/queries/jobs.ts';
import { memories } from '../../db/schema.ts';
import { BOSS_SCHEMA } from '../../jobs/boss.ts';
import { JUDGE_QUEUE } from '../../jobs/judge-queue.ts';
import { createLogger } from '../../lib/logger.ts';
import { createUseLiteEmbedder } from '../../memory/use-lite-embedder.ts';
import type { TStorage } from '../../storage/storage.ts';
import { deleteAccount } from '../account/delete-account.ts';
import { createMemoryService, type TMemoryService } from './memory-service.ts';

const SERAPHINE = 1;
const silentLog = createLogger('silent');
const embedder = createUseLiteEmbedder();
const database = setUpTestDatabase();

/** A local model that judges every exchange worth keeping (importance 4), recording what it was asked. */
function judgingModel(asked: string[], opts: { hangs?: boolean } = {}): TChatModel {
  return {
    id: 'llama-cpp:judge.gguf',
    isAvailable: async () => true,
    // biome-ignore lint/correctness/useYield: the judge never streams
    async *streamReply() {
      throw new Error('not a chat model here');
    },
    async completeJson({ messages, signal }) {
      asked.push(messages.at(-1)!.content);
      if (opts.hangs) {
        // Busy until the process stops (its model call is then aborted).
        await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
      }
      return { remember: true, importance: 4 };
    },
  };
}

/**
 * A model answering after a moment, counting the judgments in flight (all, and each person's: the prompt
 * holds the message, which ends with the person's id in brackets).
 */
function timedModel(id: string) {
  const inFlight = new Map<string, number>();
  const seen = { most: 0, mostForOnePerson: 0, answered: 0 };
  const model: TChatModel = {
    id,
    isAvailable: async () => true,
    // biome-ignore lint/correctness/useYield: the judge never streams
    async *streamReply() {
      throw new Error('not a chat model here');
    },
    async completeJson({ messages }) {
      const person = /\((?:remote|local) (\d+)\)/.exec(messages.at(-1)!.content)?.[1] ?? '?';
      inFlight.set(person, (inFlight.get(person) ?? 0) + 1);
      const all = [...inFlight.values()].reduce((a, b) => a + b, 0);
      seen.most = Math.max(seen.most, all);
      seen.mostForOnePerson = Math.max(seen.mostForOnePerson, inFlight.get(person)!);
      await new Promise((r) => setTimeout(r, 150));
      inFlight.set(person, inFlight.get(person)! - 1);
      seen.answered++;
      return { remember: true, importance: 4 };
    },
  };
  return { model, seen };
}

const modelsOf = (model: TChatModel) =>
  createModelSet(
    async () => ({
      pickModel: async () => model,
      hasModel: async () => true,
      remote: null,
      dispose: async () => {},
    }),
    {
      localConcurrency: 1,
      plans: planTable({
        FREE_DAILY_MESSAGES: 20,
        FREE_CONCURRENCY_SHARE: 0.5,
        PLUS_OPENAI_MODEL: undefined,
        OPENAI_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
      }),
    },
  );

const exchange = (userId: number, message: string) => ({
  userId,
  characterId: SERAPHINE,
  characterName: 'Seraphine Vale',
  chatLogUuid: null,
  messagePosition: null,
  message,
  reply: 'Tell me more!',
  // The reply's model: only its kind (local) is kept with the job.
  model: judgingModel([]),
});

const until = (check: () => Promise<boolean>) => waitFor(check, { timeoutMs: 25_000 });

const keptOf = async (userId: number) =>
  (await database.db.select().from(memories).where(eq(memories.userId, userId))).map((m) => m.content).sort();

describe('judging as a pg-boss job', () => {
  it('a restart loses no exchange: the waiting one is judged by the next run, the interrupted one retried', async () => {
    const person = await createSignedInUser(database);
    const busy: string[] = [];
    const before = createMemoryService({
      database,
      embedder,
      models: modelsOf(judgingModel(busy, { hangs: true })),
    });
    before.rememberLater(exchange(person.id, 'My sister Maya is moving to Lisbon in March'));
    before.rememberLater(exchange(person.id, 'I adopted a grey cat and named her Pixel'));
    // One at a time (a local model): the first is being judged (the model is busy), the second waits.
    await until(async () => busy.length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(busy).toHaveLength(1);
    await before.stop();
    expect(await keptOf(person.id)).toEqual([]);

    const asked: string[] = [];
    const after = createMemoryService({ database, embedder, models: modelsOf(judgingModel(asked)) });
    await after.start();
    try {
      await until(async () => (await keptOf(person.id)).length === 2);
      await after.idle();
    } finally {
      await after.stop();
    }
    expect(await keptOf(person.id)).toEqual([
      'I adopted a grey cat and named her Pixel',
      'My sister Maya is moving to Lisbon in March',
    ]);
    expect(asked).toHaveLength(2);
  }, 60_000);

  it("deleting an account deletes that person's exchanges waiting for the judge (they hold the words)", async () => {
    const staying = await createSignedInUser(database);
    const leaving = await createSignedInUser(database);
    const busy: string[] = [];
    const memory = createMemoryService({
      database,
      embedder,
      models: modelsOf(judgingModel(busy, { hangs: true })),
    });
    const waitingWords = (userId: number) =>
      database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${JUDGE_QUEUE} and data->>'userId' = ${String(userId)}`,
      );
    const count = async (userId: number) => Number(rowsOf<{ n: number }>(await waitingWords(userId))[0]?.n);
    try {
      memory.rememberLater(exchange(staying.id, 'My brother Tom starts at the fire station on Monday'));
      await until(async () => busy.length === 1);
      memory.rememberLater(exchange(leaving.id, 'I told my therapist about the panic attacks at work'));
      memory.rememberLater(exchange(leaving.id, 'My landlord is selling the flat in Leeds'));
      await until(async () => (await count(leaving.id)) === 2);
      const storage: TStorage = {
        kind: 'local',
        put: async () => '',
        read: async () => null,
        remove: async () => {},
        owns: () => false,
      };
      await deleteAccount(
        { db: database.db, storage, adminEmails: ['nobody@example.com'], log: silentLog },
        { id: leaving.id, email: leaving.email, username: leaving.username },
        { confirm: leaving.username },
      );
      expect(await count(leaving.id)).toBe(0);
      // Another person's waiting exchange stays.
      expect(await count(staying.id)).toBe(1);
    } finally {
      await memory.stop();
      // The staying person's exchange was stopped mid-judgment and would be judged by the next test's
      // instances: the queue starts empty for each test.
      await database.db.execute(sql`delete from pgboss.job where name = ${JUDGE_QUEUE}`);
    }
  }, 60_000);

  it('two instances on one database judge each exchange once', async () => {
    const person = await createSignedInUser(database);
    const asked: string[][] = [[], []];
    const instances: TMemoryService[] = asked.map((a) =>
      createMemoryService({ database, embedder, models: modelsOf(judgingModel(a)) }),
    );
    for (const m of instances) await m.start();
    const said = [
      'My brother Leo serves in the navy overseas',
      'I have a job interview at the bakery on Friday',
      'My favourite food is my grandmother’s lentil soup',
      'I am training for a half marathon in Porto',
      'My daughter Ines starts school in September',
      'I am allergic to peanuts and shellfish',
    ];
    try {
      for (const [i, text] of said.entries()) instances[i % 2]!.rememberLater(exchange(person.id, text));
      await until(async () => (await keptOf(person.id)).length === said.length);
      for (const m of instances) await m.idle();
      // Give a second judgment of any exchange the time to happen.
      await new Promise((r) => setTimeout(r, 2000));
    } finally {
      for (const m of instances) await m.stop();
    }
    const judged = asked.flat().map((prompt) => said.find((s) => prompt.includes(s)));
    expect(judged.sort()).toEqual([...said].sort());
    expect(await keptOf(person.id)).toEqual([...said].sort());
    const states = await countJobsByState(database.db, BOSS_SCHEMA, [JUDGE_QUEUE]);
    expect(states.filter((r) => r.state !== 'completed')).toEqual([]);
  }, 60_000);
  it("a remote model judges different people's exchanges side by side, each person's one after another", async () => {
    const { model, seen } = timedModel('openai-compatible:judge');
    const local = timedModel('llama-cpp:judge.gguf');
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await createSignedInUser(database));
    const said = {
      remote: ['My sister Maya is moving to Lisbon', 'I adopted a grey cat named Pixel'],
      local: ['I play the cello on Sunday mornings', 'My father repairs old fishing boats'],
    };
    for (const [kind, judge] of [
      ['remote', model],
      ['local', local.model],
    ] as const) {
      const memory = createMemoryService({ database, embedder, models: modelsOf(judge) });
      try {
        for (const p of people)
          for (const text of said[kind])
            memory.rememberLater({ ...exchange(p.id, `${text} (${kind} ${p.id})`), model: judge });
        await until(async () => (kind === 'remote' ? seen : local.seen).answered === 6);
        await memory.idle();
      } finally {
        await memory.stop();
      }
    }
    for (const p of people) expect(await keptOf(p.id)).toHaveLength(4);
    expect(seen.most).toBeGreaterThan(1);
    expect(seen.mostForOnePerson).toBe(1);
    // The embedded model is never asked twice at once.
    expect(local.seen.most).toBe(1);
  }, 60_000);
});
