// The free tier's daily message allowance (spec: 20 a UTC day; Plus unlimited), reserved before a reply.
import type { TDailyUsage } from '../../../shared/chat.ts';
import type { TDb } from '../../db/client.ts';
import { dailyMessageCount, releaseDailyMessage, reserveDailyMessage } from '../../db/queries/usage.ts';
import { AppError } from '../../lib/errors.ts';

/** Whose allowance, and their plan's daily limit (null: unlimited); see billing/plans.ts. */
export type TDailyPlan = { userId: number; limit: number | null };

/** A reserved slot: give it back with `release` if no reply was produced. */
export type TDailySlot = { day: string; remaining: number | null; release(): Promise<void> };

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export class DailyLimitReachedError extends AppError {
  constructor(
    readonly limit: number,
    readonly resetAt: Date,
    now: Date,
  ) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    super(
      'rate_limited',
      `You've used your ${limit} free messages for today. More are available at ${resetAt.toISOString()} (midnight UTC), or upgrade to Plus for unlimited messages.`,
      { 'Retry-After': String(seconds) },
    );
  }
}

/**
 * Turns a reservation's result (the day's count, or null when refused; the reservation may be part of a
 * larger statement, see chat-target's reserveAndStoreUserMessage) into a slot that can be given back.
 * @throws DailyLimitReachedError when the limit was reached.
 */
export function toDailySlot(
  db: TDb,
  plan: TDailyPlan,
  day: string,
  count: number | null,
  now = new Date(),
): TDailySlot {
  const limit = plan.limit;
  if (count === null) throw new DailyLimitReachedError(limit ?? 0, nextUtcMidnight(now), now);
  let isReleased = false;
  return {
    day,
    remaining: limit === null ? null : Math.max(0, limit - count),
    async release() {
      if (isReleased) return;
      isReleased = true;
      await releaseDailyMessage(db, { userId: plan.userId, day });
    },
  };
}

/** Takes today's slot in one atomic statement. @throws DailyLimitReachedError when none is left. */
export async function reserveDailySlot(db: TDb, plan: TDailyPlan, now = new Date()): Promise<TDailySlot> {
  const day = utcDay(now);
  const count = await reserveDailyMessage(db, { userId: plan.userId, day, limit: plan.limit });
  return toDailySlot(db, plan, day, count, now);
}

export async function dailyUsage(db: TDb, plan: TDailyPlan, now = new Date()): Promise<TDailyUsage> {
  const used = await dailyMessageCount(db, { userId: plan.userId, day: utcDay(now) });
  const limit = plan.limit;
  return {
    isUnlimited: limit === null,
    limit,
    used,
    remaining: limit === null ? null : Math.max(0, limit - used),
    resetAt: nextUtcMidnight(now).toISOString(),
  };
}
