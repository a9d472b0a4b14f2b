interface Waiter {
  deadline: number;
  admit: () => void;
  refuse: () => void;
  timer: NodeJS.Timeout;
}

/** Raised when a turn at the gate could not be given before the work's deadline. */
export class GateTimeoutError extends Error {
  readonly code = 'GATE_TIMEOUT';

  constructor() {
    super('no turn before the deadline');
    this.name = 'GateTimeoutError';
  }
}

/**
 * At most `slots` pieces of work at once, the others waiting in arrival order until their deadline
 * (a `performance.now()` time). Work whose deadline has passed is refused, even when a slot is free:
 * on SQLite a statement waiting for the file lock blocks the whole event loop, so calls reach the
 * gate late and timers fire late; only the deadline tells that a call already waited too long.
 */
export class Gate {
  private busy = 0;
  private readonly queue: Waiter[] = [];

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`a gate needs at least one slot (got ${slots})`);
  }

  async run<T>(work: () => Promise<T>, deadline: number): Promise<T> {
    await this.enter(deadline);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  /** Work running (`busy`) and waiting (`waiting`), for tests and diagnostics. */
  get load(): { busy: number; waiting: number } {
    return { busy: this.busy, waiting: this.queue.length };
  }

  private enter(deadline: number): Promise<void> {
    if (performance.now() > deadline) return Promise.reject(new GateTimeoutError());
    if (this.busy < this.slots && this.queue.length === 0) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        deadline,
        admit: resolve,
        refuse: () => reject(new GateTimeoutError()),
        timer: setTimeout(
          () => {
            const at = this.queue.indexOf(waiter);
            if (at >= 0) this.queue.splice(at, 1);
            waiter.refuse();
          },
          Math.max(0, deadline - performance.now()),
        ),
      };
      waiter.timer.unref?.();
      this.queue.push(waiter);
    });
  }

  private leave(): void {
    this.busy--;
    while (this.busy < this.slots && this.queue.length > 0) {
      const next = this.queue.shift()!;
      clearTimeout(next.timer);
      if (performance.now() > next.deadline) {
        next.refuse();
        continue;
      }
      this.busy++;
      next.admit();
    }
  }
}
