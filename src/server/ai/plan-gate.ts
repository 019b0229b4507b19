// A concurrency gate with two classes: Plus waiters go ahead of free ones, and free replies may hold
// only their share of the slots (the rest stay open for Plus). Its size may move (a remote model's
// adaptive limit): `refresh()` after it grew starts whoever now fits.

type TWaiter = { start: () => void; isPlus: boolean };

export type TPlanGateStats = {
  running: number;
  runningFree: number;
  waitingPlus: number;
  waitingFree: number;
};

export class PlanGate {
  private running = 0;
  private runningFree = 0;
  private readonly plus: TWaiter[] = [];
  private readonly free: TWaiter[] = [];

  private readonly capacityNow: () => number;
  private readonly freeCapacityOf: (capacity: number) => number;

  /**
   * @param capacity replies generated at once (or a function giving it now)
   * @param freeCapacity how many of them free replies may hold (at least 1, at most capacity), or a
   *   function of the capacity
   */
  constructor(capacity: number | (() => number), freeCapacity: number | ((capacity: number) => number)) {
    this.capacityNow = typeof capacity === 'number' ? () => capacity : capacity;
    this.freeCapacityOf = typeof freeCapacity === 'number' ? () => freeCapacity : freeCapacity;
  }

  get capacity(): number {
    return this.capacityNow();
  }

  /** Starts waiters the gate has room for now (after its size grew). */
  refresh(): void {
    this.dispatch();
  }

  stats(): TPlanGateStats {
    return {
      running: this.running,
      runningFree: this.runningFree,
      waitingPlus: this.plus.length,
      waitingFree: this.free.length,
    };
  }

  /**
   * Waits for a slot; resolves with its release function, or with null when `signal` aborts first
   * (the caller then produces nothing).
   */
  acquire(isPlus: boolean, signal?: AbortSignal): Promise<(() => void) | null> {
    if (signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: TWaiter = {
        isPlus,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running += 1;
          if (!isPlus) this.runningFree += 1;
          let isReleased = false;
          resolve(() => {
            if (isReleased) return;
            isReleased = true;
            this.running -= 1;
            if (!isPlus) this.runningFree -= 1;
            this.dispatch();
          });
        },
      };
      const queue = isPlus ? this.plus : this.free;
      const onAbort = () => {
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        resolve(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      this.dispatch();
    });
  }

  private canStart(isPlus: boolean): boolean {
    const capacity = this.capacityNow();
    return this.running < capacity && (isPlus || this.runningFree < this.freeCapacityOf(capacity));
  }

  private dispatch() {
    while (this.plus.length > 0 && this.canStart(true)) this.plus.shift()!.start();
    while (this.free.length > 0 && this.canStart(false)) this.free.shift()!.start();
  }
}
