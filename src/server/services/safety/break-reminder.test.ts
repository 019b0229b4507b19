import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAK_EVERY_MS, nextRun, RUN_PAUSE_MS, type TChatRun } from './break-reminder.ts';

// The three-hour break reminder on a fake clock: a message every ten minutes for hours on end.
describe('break reminders', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const chatFor = (run: TChatRun, minutes: number, every = 10) => {
    const due: number[] = [];
    for (let m = 0; m <= minutes; m += every) {
      if (m > 0) vi.advanceTimersByTime(every * 60_000);
      const next = nextRun(run, new Date());
      run = next.run;
      if (next.isReminderDue) due.push(m);
    }
    return { run, due };
  };

  it('comes after three hours of continuous chatting, then every three hours', () => {
    const { due } = chatFor({ startedAt: null, lastAt: null, remindedAt: null }, 7 * 60);
    expect(due).toEqual([180, 360]);
  });

  it('a pause of 30 minutes starts a new run', () => {
    let { run } = chatFor({ startedAt: null, lastAt: null, remindedAt: null }, 170);
    vi.advanceTimersByTime(RUN_PAUSE_MS);
    const after = chatFor(run, 170);
    expect(after.due).toEqual([]);
    run = after.run;
    expect(run.startedAt!.getTime()).toBe(new Date('2026-11-25T08:00:00Z').getTime() + (170 + 30) * 60_000);
  });

  it('is not due a minute early', () => {
    const start = new Date();
    const run = {
      startedAt: start,
      lastAt: new Date(start.getTime() + BREAK_EVERY_MS - 120_000),
      remindedAt: null,
    };
    expect(nextRun(run, new Date(start.getTime() + BREAK_EVERY_MS - 60_000)).isReminderDue).toBe(false);
    expect(nextRun(run, new Date(start.getTime() + BREAK_EVERY_MS)).isReminderDue).toBe(true);
  });
});
