import { median, percentile } from './stats.js';

/**
 * What the tail hook (cpu-profiler.mjs, `tail-start` / `tail-stop`) answers, in ms of the server's
 * `performance.now()`: per call, when the answer before it on its connection was handed to the
 * socket (null for a connection's first call), when it reached the request listener, when its own
 * answer was handed to the socket, and how long of the time between that answer and the listener
 * the event loop was busy (null with the first); and every garbage collection pause, start and duration.
 */
export type TimedCall = [previous: number | null, reached: number, answered: number, busyBefore: number | null];
export interface TailTiming {
  calls: TimedCall[];
  pauses: Array<[number, number]>;
}

/**
 * Where the slow calls of one connection spent their time, as the server saw them. A call's cycle
 * runs from the answer before it to its own: the load generator's turn and the loopback, whatever
 * the server's thread did before reaching the request listener, then the call's handling. A call is
 * slow when its cycle passes `bar`; its excess is given to a collection pause when one fell in its
 * cycle, else to the part (before the listener, or handling) that ran longer than its median. Time
 * before the listener is the server's when its event loop was busy for most of what that part ran
 * over its median (other work ahead of the request: an audit write, a timer), else the wait for the
 * request itself (the load generator, the loopback, a thread not scheduled). One connection: calls
 * and pauses are read in one time order.
 */
export interface TailSummary {
  /** Calls that had an answer before them on their connection. */
  calls: number;
  cycleP50: number;
  cycleP99: number;
  handlingP50: number;
  handlingP99: number;
  /** Shares of `calls` (0–1). */
  slow: number;
  slowWithPause: number;
  slowServerBusy: number;
  slowWaiting: number;
  slowInHandling: number;
  /** Collection pauses over the run, and their mean length (ms). */
  pauses: number;
  pauseMean: number;
}

export function summarizeTail(timing: TailTiming, bar: number): TailSummary {
  const calls = timing.calls.filter((c): c is [number, number, number, number] => c[0] !== null && c[3] !== null).sort((a, b) => a[2] - b[2]);
  const pauses = [...timing.pauses].sort((a, b) => a[0] - b[0]);
  const before = calls.map(([previous, reached]) => reached - previous);
  const handling = calls.map(([, reached, answered]) => answered - reached);
  const busy = calls.map(([, , , busyBefore]) => busyBefore);
  const beforeMedian = median(before);
  const busyMedian = median(busy);
  const handlingMedian = median(handling);
  let slow = 0;
  let withPause = 0;
  let serverBusy = 0;
  let waiting = 0;
  let inHandling = 0;
  // Calls and pauses both in time order: the first pause that may still reach a call's cycle.
  let first = 0;
  calls.forEach(([previous, , answered], i) => {
    if (answered - previous <= bar) return;
    slow++;
    while (first < pauses.length && pauses[first][0] + pauses[first][1] <= previous) first++;
    if (first < pauses.length && pauses[first][0] < answered) withPause++;
    else if (before[i] - beforeMedian < handling[i] - handlingMedian) inHandling++;
    else if (busy[i] - busyMedian >= (before[i] - beforeMedian) / 2) serverBusy++;
    else waiting++;
  });
  const cycles = calls.map(([previous, , answered]) => answered - previous);
  const share = (n: number) => (calls.length > 0 ? n / calls.length : NaN);
  return {
    calls: calls.length,
    cycleP50: median(cycles),
    cycleP99: percentile(cycles, 99),
    handlingP50: handlingMedian,
    handlingP99: percentile(handling, 99),
    slow: share(slow),
    slowWithPause: share(withPause),
    slowServerBusy: share(serverBusy),
    slowWaiting: share(waiting),
    slowInHandling: share(inHandling),
    pauses: pauses.length,
    pauseMean: pauses.length > 0 ? pauses.reduce((sum, [, duration]) => sum + duration, 0) / pauses.length : NaN,
  };
}
