import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../test-support/set-up.ts';
import { createSignedInUser } from '../../../test-support/test-app.ts';
import type { TChatModel, TChatTurn } from '../../ai/chat-model.ts';
import { saveTimeZone } from '../../db/queries/check-ins.ts';
import { insertMemory } from '../../db/queries/memories.ts';
import { deleteFact, insertFact, updateFact } from '../../db/queries/memory-facts.ts';
import { chatLogs, memories } from '../../db/schema.ts';
import { sendDueCheckIns } from './send-check-ins.ts';

const SERAPHINE = 1;
const database = setUpTestDatabase();

/** The check-in writer: answers each request with a fixed line, keeping what it was asked. */
function writer() {
  const asked: TChatTurn[][] = [];
  const model: TChatModel = {
    id: 'test:writer',
    isAvailable: async () => true,
    async *streamReply({ messages }) {
      asked.push(messages);
      yield { type: 'text', text: 'How did it go?' };
    },
  };
  return { model, asked };
}

/** One sweep at `now` (a fake clock: the time zone's waking hours and the event's day both read it). */
async function sweepAt(now: string, userId: number) {
  const w = writer();
  const written = await sendDueCheckIns({
    db: database.db,
    config: { CHECKIN_MIN_AGE_SECONDS: 3600, CHECKIN_QUIET_HOURS: '22-8', CHECKIN_DAILY_CAP: 5 },
    pickModel: async () => w.model,
    now: () => new Date(now),
  });
  const mine = await database.db.select().from(memories).where(eq(memories.userId, userId));
  return { written, asked: w.asked, checkedIn: mine.filter((m) => m.checkedIn).map((m) => m.fact) };
}

const words = {
  reply: 'Good luck!',
  chatLogUuid: null,
  sourcePosition: 2,
  embedding: null,
  embeddingModel: null,
};

async function samInLosAngeles() {
  const user = await createSignedInUser(database, { name: 'Sam' });
  await saveTimeZone(database.db, user.id, 'America/Los_Angeles');
  return user.id;
}

/** Told a week before (whatever today's date: the sweeps below run on a fake clock). */
const interview = async (userId: number) => {
  const row = await insertFact(database.db, {
    ...words,
    userId,
    characterId: SERAPHINE,
    characterName: 'Seraphine Vale',
    content: 'My interview at the bakery is on Friday',
    fact: 'Sam has a job interview at the bakery on Friday 27 November 2026',
    kind: 'event',
    happensOn: '2026-11-27',
    importance: 1,
  });
  await database.db
    .update(memories)
    .set({ createdAt: new Date('2026-11-20T10:00:00Z') })
    .where(eq(memories.id, row.id));
  return row;
};

describe('dated check-ins', () => {
  it("come the day after the event, in the person's waking hours, never before", async () => {
    const sam = await samInLosAngeles();
    await interview(sam);
    // An undated memory of someone else keeps today's rule: due an hour after it was said.
    const other = await createSignedInUser(database);
    await insertMemory(database.db, {
      ...words,
      userId: other.id,
      characterId: SERAPHINE,
      characterName: 'Seraphine Vale',
      content: 'I am learning to play the lute',
      importance: 0.5,
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    // Friday noon in Los Angeles: the interview is today. Friday 23:00 there (Saturday 07:00 UTC): still
    // Friday where Sam is, and quiet. Saturday 04:00 there: the day is over but Sam is asleep.
    for (const now of ['2026-11-27T20:00:00Z', '2026-11-28T07:00:00Z', '2026-11-28T12:00:00Z']) {
      expect((await sweepAt(now, sam)).checkedIn).toEqual([]);
    }
    // Saturday 10:00 in Los Angeles: the check-in, about the interview, named as past.
    const { checkedIn, asked } = await sweepAt('2026-11-28T18:00:00Z', sam);
    expect(checkedIn).toEqual(['Sam has a job interview at the bakery on Friday 27 November 2026']);
    const prompt = asked.map((m) => m.map((x) => x.content).join('\n')).join('\n');
    expect(prompt).toContain(
      'picks up what you know: "Sam has a job interview at the bakery on Friday 27 November 2026" (it was on Friday 27 November 2026, now past)',
    );
    expect(prompt).toContain('- Sam has a job interview at the bakery on Friday 27 November 2026');
    const lute = await database.db.select().from(memories).where(eq(memories.userId, other.id));
    expect(lute[0]?.checkedIn).toBe(true);
  });

  it('are never about a plan deleted since, and follow a plan moved to another day', async () => {
    const sam = await samInLosAngeles();
    const cancelled = await interview(sam);
    await deleteFact(database.db, { userId: sam, characterId: SERAPHINE, id: cancelled.id });
    const moved = await interview(sam);
    await updateFact(database.db, {
      ...words,
      userId: sam,
      characterId: SERAPHINE,
      id: moved.id,
      content: 'The interview moved to Monday',
      fact: 'Sam has a job interview at the bakery on Monday 30 November 2026',
      kind: 'event',
      happensOn: '2026-11-30',
      importance: 1,
    });
    // Saturday in Los Angeles: the old Friday has passed, but no check-in about either.
    expect((await sweepAt('2026-11-28T18:00:00Z', sam)).checkedIn).toEqual([]);
    expect((await sweepAt('2026-12-01T18:00:00Z', sam)).checkedIn).toEqual([
      'Sam has a job interview at the bakery on Monday 30 November 2026',
    ]);
  });

  it('are dropped when the memory is deleted or changed while the check-in is being written', async () => {
    const sam = await samInLosAngeles();
    const plan = await interview(sam);
    const owner = { userId: sam, characterId: SERAPHINE };
    const sweepWhile = async (meanwhile: () => Promise<unknown>) => {
      const model: TChatModel = {
        id: 'test:slow-writer',
        isAvailable: async () => true,
        async *streamReply() {
          await meanwhile();
          yield { type: 'text', text: 'How did the interview go?' };
        },
      };
      const written = await sendDueCheckIns({
        db: database.db,
        config: { CHECKIN_MIN_AGE_SECONDS: 3600, CHECKIN_QUIET_HOURS: '22-8', CHECKIN_DAILY_CAP: 5 },
        pickModel: async () => model,
        now: () => new Date('2026-11-28T18:00:00Z'),
      });
      const logs = await database.db.select().from(chatLogs).where(eq(chatLogs.userId, sam));
      return { written, logs };
    };
    // Moved to Monday while the check-in about Friday was written: not sent, due again after Monday.
    const moved = await sweepWhile(() =>
      updateFact(database.db, {
        ...words,
        ...owner,
        id: plan.id,
        content: 'It moved to Monday',
        fact: 'Sam has a job interview at the bakery on Monday 30 November 2026',
        kind: 'event',
        happensOn: '2026-11-30',
        importance: 1,
      }),
    );
    expect(moved.logs).toEqual([]);
    const [now] = await database.db.select().from(memories).where(eq(memories.id, plan.id));
    expect(now).toMatchObject({ checkedIn: false, happensOn: '2026-11-30' });
    // Cancelled while the next one was written (Tuesday): not sent either.
    const w = writer();
    const cancelled = await sendDueCheckIns({
      db: database.db,
      config: { CHECKIN_MIN_AGE_SECONDS: 3600, CHECKIN_QUIET_HOURS: '22-8', CHECKIN_DAILY_CAP: 5 },
      pickModel: async () => ({
        ...w.model,
        async *streamReply() {
          await deleteFact(database.db, { ...owner, id: plan.id });
          yield { type: 'text' as const, text: 'How did it go?' };
        },
      }),
      now: () => new Date('2026-12-01T18:00:00Z'),
    });
    expect(cancelled).toEqual([]);
    // It was being written (the model ran and the plan went meanwhile), yet nothing was sent.
    expect(await database.db.select().from(memories).where(eq(memories.id, plan.id))).toEqual([]);
    expect(await database.db.select().from(chatLogs).where(eq(chatLogs.userId, sam))).toEqual([]);
  });
});
