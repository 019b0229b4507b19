import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatRequests, createReplyTestApp, type TReplyTestApp } from '../../test-support/reply-test-app.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';
import { users } from '../db/schema.ts';
import { SAFE_REPLY_MINOR } from '../safety/reply-check.ts';
import { MINOR_INSTRUCTION } from '../services/safety/crisis-care.ts';

// A person known to be under 18: the minors' instruction in every prompt, sexual content replaced, and
// the three-hour break reminder on a fake clock.
let t: TReplyTestApp;
beforeAll(async () => {
  t = await createReplyTestApp();
}, 180_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

async function personAged(years: number) {
  const user = await createSignedInUser(t.database);
  await t.database.db
    .update(users)
    .set({ birthDate: yearsAgo(years) })
    .where(eq(users.id, user.id));
  return user;
}

const send = (user: TTestUser, userInput: string, hist?: string) =>
  call(t, 'POST', '/assistant-reply-openai', {
    user,
    json: { userId: user.id, characterId: 1, userInput, memoryEnabled: false, ...(hist ? { hist } : {}) },
  });

/** The reply's answer (the stream's start event carries the same reminder). */
const startOf = async (res: Response) => (await res.json()) as { hist: string; breakReminder?: string };

describe('minors', () => {
  it('a 15-year-old: the minors instruction reaches the model and sexual content is replaced', async () => {
    const teen = await personAged(15);
    const res = await send(teen, 'Naked and aroused she waits');
    const body = await res.json();
    expect(String(chatRequests(t).at(-1)?.messages[0]?.content)).toContain(MINOR_INSTRUCTION);
    expect(body.reply).toBe(SAFE_REPLY_MINOR);
    expect(body.isReplaced).toBe(true);
  });

  it('an adult: no minors instruction, the same words kept', async () => {
    const adult = await personAged(30);
    const res = await send(adult, 'She takes off her dress slowly');
    expect((await res.json()).reply).toBe('She takes off her… I hear you.');
    expect(String(chatRequests(t).at(-1)?.messages[0]?.content)).not.toContain(MINOR_INSTRUCTION);
  });

  it('after three hours of continuous chatting a minor gets the break reminder (fake clock), an adult never', async () => {
    // Made on the real clock, so their sessions outlive the fake morning.
    const teen = await personAged(15);
    const adult = await personAged(30);
    // The fake clock runs in the hours before now: sessions made now stay valid throughout, whatever
    // the time of day the suite runs at (a clock hours ahead of them found them expired: 401).
    const base = Date.now() - 4 * 3600_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    let hist: string | undefined;
    let adultHist: string | undefined;
    const reminders: number[] = [];
    for (let minute = 0; minute <= 190; minute += 10) {
      vi.setSystemTime(new Date(base + minute * 60_000));
      const start = await startOf(await send(teen, `message at minute ${minute}`, hist));
      hist = start.hist;
      if (start.breakReminder) reminders.push(minute);
      const adultStart = await startOf(await send(adult, `message at minute ${minute}`, adultHist));
      adultHist = adultStart.hist;
      expect(adultStart.breakReminder).toBeUndefined();
    }
    expect(reminders).toEqual([180]);
  }, 120_000);
});
