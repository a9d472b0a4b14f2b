import { Gate, GateTimeoutError } from './gate.js';

/** A piece of work that runs until `finish()` is called. */
function held(): { work: () => Promise<void>; started: boolean; finish: () => void } {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const handle = {
    started: false,
    finish: () => finish(),
    work: async () => {
      handle.started = true;
      await done;
    },
  };
  return handle;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const inMs = (ms: number) => performance.now() + ms;

describe('Gate', () => {
  it('runs at most `slots` pieces of work at once, the others in arrival order', async () => {
    const gate = new Gate(2);
    const a = held();
    const b = held();
    const c = held();
    const d = held();
    const runs = [a, b, c, d].map((h) => gate.run(h.work, inMs(10_000)));
    await tick();
    expect([a.started, b.started, c.started, d.started]).toEqual([true, true, false, false]);
    expect(gate.load).toEqual({ busy: 2, waiting: 2 });
    b.finish();
    await tick();
    expect([c.started, d.started]).toEqual([true, false]);
    a.finish();
    c.finish();
    await tick();
    expect(d.started).toBe(true);
    d.finish();
    await Promise.all(runs);
    expect(gate.load).toEqual({ busy: 0, waiting: 0 });
  });

  it('frees the slot when the work throws', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')), inMs(10_000))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(7), inMs(10_000))).resolves.toBe(7);
  });

  it('refuses a waiter whose deadline passed, and never runs its work', async () => {
    const gate = new Gate(1);
    const first = held();
    const running = gate.run(first.work, inMs(10_000));
    let ran = false;
    const waiting = gate.run(async () => {
      ran = true;
    }, inMs(30));
    await expect(waiting).rejects.toBeInstanceOf(GateTimeoutError);
    expect(gate.load).toEqual({ busy: 1, waiting: 0 });
    first.finish();
    await running;
    expect(ran).toBe(false);
  });

  it('refuses work whose deadline already passed, even with a slot free', async () => {
    const gate = new Gate(1);
    await expect(gate.run(() => Promise.resolve(1), inMs(-1))).rejects.toBeInstanceOf(GateTimeoutError);
    expect(gate.load).toEqual({ busy: 0, waiting: 0 });
  });

  it('refuses a waiter past its deadline even when its timer has not fired yet (a blocked event loop)', async () => {
    const gate = new Gate(1);
    const first = held();
    const running = gate.run(first.work, inMs(10_000));
    let ran = false;
    const waiting = gate.run(async () => {
      ran = true;
    }, inMs(50));
    // Block the event loop past the deadline, as a synchronous SQLite statement waiting for a lock does.
    const until = performance.now() + 80;
    while (performance.now() < until) {
      /* busy */
    }
    first.finish();
    await running;
    await expect(waiting).rejects.toBeInstanceOf(GateTimeoutError);
    expect(ran).toBe(false);
  });
});
