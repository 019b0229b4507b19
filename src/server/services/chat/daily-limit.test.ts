import { describe, expect, it } from 'vitest';
import { DailyLimitReachedError, nextUtcMidnight, utcDay } from './daily-limit.ts';

describe('daily limit clock', () => {
  it('days and resets follow UTC, whatever the local time zone', () => {
    const lateEvening = new Date('2025-03-09T23:59:30.000Z');
    expect(utcDay(lateEvening)).toBe('2025-03-09');
    expect(nextUtcMidnight(lateEvening).toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2024-12-31T10:00:00Z')).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('the 429 error carries Retry-After in seconds until the reset', () => {
    const now = new Date('2025-03-09T23:59:30.000Z');
    const error = new DailyLimitReachedError(20, nextUtcMidnight(now), now);
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limited');
    expect(error.headers['Retry-After']).toBe('30');
    expect(error.message).toContain('20 free messages');
  });
});
