import { describe, expect, it } from 'vitest';
import { AppError } from '../server/lib/errors.ts';
import { isAllowanceUsedUp } from './errors.ts';

describe('the two 429 refusals', () => {
  it('the allowance used up opens the Daily Limit panel; a limit of calls a minute does not', () => {
    const daily = new AppError('rate_limited', 'No more today');
    const burst = new AppError('too_many_requests', 'Too many replies; try again in 20 seconds');
    expect([daily.status, burst.status]).toEqual([429, 429]);
    expect(isAllowanceUsedUp(daily)).toBe(true);
    expect(isAllowanceUsedUp(burst)).toBe(false);
    expect(isAllowanceUsedUp({ status: 502, code: 'rate_limited' })).toBe(false);
  });
});
