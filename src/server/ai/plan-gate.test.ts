import { describe, expect, it } from 'vitest';
import { PlanGate } from './plan-gate.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('PlanGate', () => {
  it('lets a waiting Plus reply go ahead of free ones that came first', async () => {
    const gate = new PlanGate(1, 1);
    const order: string[] = [];
    const first = await gate.acquire(false);
    const noteStart = (name: string) => (release: (() => void) | null) => {
      order.push(name);
      return release;
    };
    const waits = [
      gate.acquire(false).then(noteStart('free-1')),
      gate.acquire(false).then(noteStart('free-2')),
      gate.acquire(true).then(noteStart('plus')),
    ];
    await tick();
    expect(gate.stats()).toEqual({ running: 1, runningFree: 1, waitingPlus: 1, waitingFree: 2 });
    first!();
    (await waits[2])!();
    (await waits[0])!();
    (await waits[1])!();
    expect(order).toEqual(['plus', 'free-1', 'free-2']);
  });

  it('keeps the slots past the free share open for Plus', async () => {
    const gate = new PlanGate(4, 3);
    const free = await Promise.all([gate.acquire(false), gate.acquire(false), gate.acquire(false)]);
    let isFourthFreeRunning = false;
    const fourth = gate.acquire(false).then((release) => {
      isFourthFreeRunning = true;
      return release;
    });
    await tick();
    expect(isFourthFreeRunning).toBe(false);
    const plus = await gate.acquire(true);
    expect(gate.stats()).toMatchObject({ running: 4, runningFree: 3, waitingFree: 1 });
    plus!();
    await tick();
    expect(isFourthFreeRunning).toBe(false);
    free[0]!();
    (await fourth)!();
    expect(isFourthFreeRunning).toBe(true);
  });

  it('a wait stopped by its signal resolves null and leaves the queue', async () => {
    const gate = new PlanGate(1, 1);
    const held = await gate.acquire(true);
    const stop = new AbortController();
    const waiting = gate.acquire(false, stop.signal);
    stop.abort();
    expect(await waiting).toBeNull();
    expect(gate.stats()).toMatchObject({ waitingFree: 0 });
    held!();
    held!(); // releasing twice frees one slot only
    expect(gate.stats().running).toBe(0);
  });
});
