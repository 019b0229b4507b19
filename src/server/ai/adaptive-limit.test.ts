import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from './adaptive-limit.ts';

describe('AdaptiveLimit (AIMD)', () => {
  it('starts at its ceiling and lets healthy calls through without moving', () => {
    const limit = new AdaptiveLimit({ max: 1024 });
    expect(limit.current()).toBe(1024);
    for (let i = 0; i < 100; i++) expect(limit.onFirstToken(limit.ticket(), 30 + (i % 5), 50)).toBe(false);
    expect(limit.current()).toBe(1024);
    expect(limit.baseline()).toBeGreaterThanOrEqual(30);
  });

  it('a 429 halves what was in flight, once for a burst of refusals sent before the cut', () => {
    const limit = new AdaptiveLimit({ max: 1024 });
    const sentTogether = Array.from({ length: 10 }, () => limit.ticket());
    expect(limit.onRateLimited(sentTogether[0]!, 40)).toBe(true);
    expect(limit.current()).toBe(20);
    for (const ticket of sentTogether.slice(1)) expect(limit.onRateLimited(ticket, 40)).toBe(false);
    expect(limit.current()).toBe(20);
    // A call sent after the cut that is refused again cuts again.
    expect(limit.onRateLimited(limit.ticket(), 20)).toBe(true);
    expect(limit.current()).toBe(10);
  });

  it('first tokens coming far later than the baseline cut the limit to 90%; one slow call or a little later does not', () => {
    const limit = new AdaptiveLimit({ max: 100 });
    for (let i = 0; i < 5; i++) limit.onFirstToken(limit.ticket(), 40, 30);
    expect(limit.onFirstToken(limit.ticket(), 3000, 30)).toBe(false); // one outlier
    for (let i = 0; i < 5; i++) limit.onFirstToken(limit.ticket(), 40, 30);
    for (let i = 0; i < 10; i++) limit.onFirstToken(limit.ticket(), 800, 30); // 20× but under a second more
    expect(limit.current()).toBe(100);
    let cut = false;
    for (let i = 0; i < 10 && !cut; i++) cut = limit.onFirstToken(limit.ticket(), 2500, 30);
    expect(cut).toBe(true);
    expect(limit.current()).toBe(90); // 90% of the limit, not of the 30 in flight
  });

  it('late first tokens while this server itself is busy do not cut the limit', () => {
    let isBusy = true;
    const limit = new AdaptiveLimit({ max: 100, isBusyHere: () => isBusy });
    for (let i = 0; i < 20; i++) limit.onFirstToken(limit.ticket(), i === 0 ? 40 : 5000, 30);
    expect(limit.current()).toBe(100);
    isBusy = false;
    for (let i = 0; i < 5; i++) limit.onFirstToken(limit.ticket(), 40, 30);
    let cut = false;
    for (let i = 0; i < 20 && !cut; i++) cut = limit.onFirstToken(limit.ticket(), 5000, 30);
    expect(cut).toBe(true);
  });

  it('grows by about one per limit of answers while it binds, never past its ceiling or under its floor', () => {
    const limit = new AdaptiveLimit({ max: 12 });
    limit.onRateLimited(limit.ticket(), 8); // 4
    expect(limit.current()).toBe(4);
    for (let i = 0; i < 4; i++) limit.onFirstToken(limit.ticket(), 30, 1); // idle: no growth
    expect(limit.current()).toBe(4);
    for (let i = 0; i < 5; i++) limit.onFirstToken(limit.ticket(), 30, limit.current());
    expect(limit.current()).toBe(5);
    for (let i = 0; i < 500; i++) limit.onFirstToken(limit.ticket(), 30, limit.current());
    expect(limit.current()).toBe(12);
    for (let i = 0; i < 20; i++) limit.onRateLimited(limit.ticket(), limit.current());
    expect(limit.current()).toBe(1);
  });
});
