import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type TFakeOpenAI } from '../../test-support/fake-openai-server.ts';
import { createSignedInUser } from '../../test-support/test-app.ts';
import { openTestDatabase } from '../../test-support/test-db.ts';
import { insertTestMemory } from '../../test-support/test-memories.ts';
import { until as waitFor } from '../../test-support/until.ts';
import { ModelUnavailableError } from '../ai/chat-model.ts';
import { modelSetFromConfig } from '../ai/model-set.ts';
import { loadConfig } from '../config.ts';
import type { TDatabase } from '../db/client.ts';
import { chatLogs, chatMessages, memories } from '../db/schema.ts';
import { createLogger, type TLogger } from '../lib/logger.ts';
import { sendDueCheckIns } from '../services/memories/send-check-ins.ts';
import { checkInJob } from './check-in-job.ts';
import { createJobRunner } from './runner.ts';

const SERAPHINE = 1;
const GANONDORF = 2;

let fake: TFakeOpenAI;
let database: TDatabase;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await fake.close();
});

const configWith = (env: Record<string, string>) =>
  loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-checkin-')),
    OPENAI_BASE_URL: fake.url,
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    CHECKIN_MIN_AGE_SECONDS: '0',
    CHECKIN_QUIET_HOURS: 'off',
    CHECKIN_DAILY_CAP: '5',
    ...env,
  });

async function remember(
  userId: number,
  characterId: number,
  content: string,
  characterName = 'Seraphine Vale',
) {
  return insertTestMemory(database.db, {
    userId,
    characterId,
    characterName,
    content,
    reply: 'Good luck!',
    importance: 0.75,
  });
}

const until = (check: () => Promise<boolean>) => waitFor(check, { timeoutMs: 30_000, everyMs: 200 });

describe('check-ins', () => {
  it('two job runners on one database produce each check-in exactly once', async () => {
    const people = await Promise.all([0, 1, 2].map(() => createSignedInUser(database)));
    const made = [];
    for (const p of people) {
      made.push(await remember(p.id, SERAPHINE, 'I have a job interview at the bakery on Friday'));
      made.push(await remember(p.id, SERAPHINE, 'My sister Maya is moving to Lisbon next month'));
    }
    // Never for a memory-disabled character.
    const disabled = await remember(people[0]!.id, GANONDORF, 'I am learning the lute', 'Ganondorf');
    const config = configWith({});
    const models = modelSetFromConfig(config);
    const log = createLogger('silent');
    const runners = [0, 1].map(() =>
      createJobRunner({ database, jobs: [checkInJob(1)], context: { config, log, models }, log }),
    );
    for (const r of runners) await r.start();
    const ids = made.map((m) => m.id);
    try {
      await until(async () => {
        const rows = await database.db.select().from(memories).where(eq(memories.checkedIn, true));
        return ids.every((id) => rows.some((r) => r.id === id));
      });
      // One more sweep or two, to give a duplicate the chance to appear.
      await new Promise((r) => setTimeout(r, 2500));
    } finally {
      for (const r of runners) await r.stop();
      await models.dispose();
    }
    for (const p of people) {
      const logs = await database.db
        .select()
        .from(chatLogs)
        .where(and(eq(chatLogs.userId, p.id), eq(chatLogs.source, 'memory-check-in')));
      expect(logs).toHaveLength(2);
      expect(logs.every((l) => l.read === false && l.characterId === SERAPHINE)).toBe(true);
      const [message] = await database.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.chatLogUuid, logs[0]!.uuid));
      expect(message?.role).toBe('assistant');
      expect(message?.content.length).toBeGreaterThan(0);
    }
    const [still] = await database.db.select().from(memories).where(eq(memories.id, disabled.id));
    expect(still?.checkedIn).toBe(false);
  });

  it('keeps to the daily cap, sends fewer while earlier ones go unread, and waits for old-enough memories', async () => {
    const person = await createSignedInUser(database);
    for (const topic of ['exam', 'race', 'concert', 'trip']) {
      await remember(person.id, SERAPHINE, `My ${topic} is coming up this week and I am nervous`);
    }
    const models = modelSetFromConfig(configWith({}));
    const pickModel = () => models.forBackground('remote');
    const young = configWith({ CHECKIN_MIN_AGE_SECONDS: '3600' });
    expect(await sendDueCheckIns({ db: database.db, config: young, pickModel })).toEqual([]);

    const config = configWith({ CHECKIN_DAILY_CAP: '2' });
    // Cap 2: the first goes out; with it unread, the cap left is 2 - 1 sent - 1 unread = 0.
    expect(await sendDueCheckIns({ db: database.db, config, pickModel })).toHaveLength(1);
    expect(await sendDueCheckIns({ db: database.db, config, pickModel })).toHaveLength(0);
    // Reading it gives the second one room; then the daily cap holds.
    await database.db.update(chatLogs).set({ read: true }).where(eq(chatLogs.userId, person.id));
    expect(await sendDueCheckIns({ db: database.db, config, pickModel })).toHaveLength(1);
    await database.db.update(chatLogs).set({ read: true }).where(eq(chatLogs.userId, person.id));
    expect(await sendDueCheckIns({ db: database.db, config, pickModel })).toHaveLength(0);

    // Quiet hours in the person's time zone: a window that covers every hour sends nothing.
    const quiet = configWith({ CHECKIN_DAILY_CAP: '10', CHECKIN_QUIET_HOURS: '0-0' });
    // 0-0 is an empty window (never quiet); 1-0 covers 23 hours, so pick the current UTC hour's window.
    const h = new Date().getUTCHours();
    const allQuiet = configWith({ CHECKIN_DAILY_CAP: '10', CHECKIN_QUIET_HOURS: `${h}-${(h + 1) % 24}` });
    expect(await sendDueCheckIns({ db: database.db, config: allQuiet, pickModel })).toEqual([]);
    expect(await sendDueCheckIns({ db: database.db, config: quiet, pickModel })).toHaveLength(1);
    await models.dispose();
  });

  it('a sweep that finds no chat model answering stops at the first, says so once, and keeps every check-in due', async () => {
    // Two people, one due each (a sweep sends one check-in a person).
    const people = [await createSignedInUser(database), await createSignedInUser(database)];
    const due = [
      await remember(people[0]!.id, SERAPHINE, 'My driving test is on Thursday'),
      await remember(people[1]!.id, SERAPHINE, 'My cat Pepper is at the vet tomorrow'),
    ];
    const said: { level: string; msg: string }[] = [];
    const log = Object.fromEntries(
      ['info', 'warn', 'error'].map((level) => [
        level,
        (_: unknown, msg: string) => said.push({ level, msg }),
      ]),
    ) as unknown as TLogger;
    let asked = 0;
    const pickModel = async () => {
      asked++;
      throw new ModelUnavailableError('No chat model that is set up answered just now.');
    };
    const config = configWith({ CHECKIN_DAILY_CAP: '10' });
    expect(await sendDueCheckIns({ db: database.db, config, pickModel, log })).toEqual([]);
    expect(asked).toBe(1);
    expect(said).toEqual([{ level: 'info', msg: 'check-ins wait: no chat model answered' }]);
    // Released, so the next sweep with a model sends them.
    const ids = due.map((m) => m.id);
    const rows = await database.db.select().from(memories).where(inArray(memories.id, ids));
    expect(rows.filter((r) => r.checkedIn)).toHaveLength(0);
    const models = modelSetFromConfig(config);
    await sendDueCheckIns({ db: database.db, config, pickModel: () => models.forBackground('remote') });
    const after = await database.db.select().from(memories).where(inArray(memories.id, ids));
    expect(after.filter((r) => r.checkedIn)).toHaveLength(due.length);
    await models.dispose();
  });
});
