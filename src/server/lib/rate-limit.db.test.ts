import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test-support/set-up.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { createLimiter, createLimiterPair } from './rate-limit.ts';

const t = setUpTestApp();

const person = { name: 'pair-person', points: 2, durationSec: 60, what: 'messages' };
const address = { name: 'pair-address', points: 3, durationSec: 60, what: 'messages' };

async function refusal(run: () => Promise<void>): Promise<AppError | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('a pair of limits counted in one statement', () => {
  it('counts both keys and refuses with Retry-After once either is over', async () => {
    const pair = createLimiterPair(t.database.db, person, address);
    expect(await refusal(() => pair.consume(1, '203.0.113.1'))).toBeNull();
    expect(await refusal(() => pair.consume(1, '203.0.113.1'))).toBeNull();
    const overPerson = await refusal(() => pair.consume(1, '203.0.113.1'));
    expect(overPerson?.code).toBe('too_many_requests');
    expect(Number(overPerson?.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(Number(overPerson?.headers?.['Retry-After'])).toBeLessThanOrEqual(60);
    // The address counted all three attempts: a fourth from another person is over the address's 3.
    const overAddress = await refusal(() => pair.consume(2, '203.0.113.1'));
    expect(overAddress?.message).toMatch(/Too many messages/);
    // Another person at another address is not affected.
    expect(await refusal(() => pair.consume(3, '198.51.100.2'))).toBeNull();
  });

  it('starts again once the window has passed', async () => {
    const pair = createLimiterPair(t.database.db, person, address);
    await pair.consume(10, '192.0.2.10');
    await pair.consume(10, '192.0.2.10');
    expect(await refusal(() => pair.consume(10, '192.0.2.10'))).not.toBeNull();
    await t.database.db
      .update(rateLimits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, '%:%10'));
    expect(await refusal(() => pair.consume(10, '192.0.2.10'))).toBeNull();
    const [row] = await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, 'pair-person:10'));
    expect(row?.points).toBe(1);
    expect(row!.expire!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('writes the rows rate-limiter-flexible reads: the single limiter of the same name sees and resets them', async () => {
    const pair = createLimiterPair(t.database.db, person, address);
    await pair.consume(20, '192.0.2.20');
    await pair.consume(20, '192.0.2.20');
    await pair.consume(20, '192.0.2.20').catch(() => {});
    const single = createLimiter(t.database.db, person);
    expect((await refusal(() => single.check(20)))?.code).toBe('too_many_requests');
    await single.reset(20);
    expect(await refusal(() => single.check(20))).toBeNull();
  });
});
