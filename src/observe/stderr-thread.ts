import { Buffer } from 'node:buffer';
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Where StderrLines hands its batches of lines: each written whole, in the order given. */
export interface BatchSink {
  /** Takes a batch and writes it later, after the ones taken before it; its bytes are copied or written before it returns. */
  write(bytes: Buffer): void;
  /**
   * Writes `last` after every batch taken, returning once they are all written: before an exit, a
   * kill or a fatal line's end. Returns after `timeoutMs` without them when stderr is not read.
   */
  writeNow(last: Buffer | undefined, timeoutMs: number): void;
  /** Resolves once every batch taken is written, or after `timeoutMs` when stderr is not read. */
  drained(timeoutMs: number): Promise<void>;
  /** Lines dropped so far because stderr was not read. */
  readonly droppedLines: number;
}

/** Indexes of the counters shared with the thread. */
const PENDING = 0;
const READ_AT = 1;
/** 1 once the thread's program runs. */
const STARTED = 2;
/** 1 when the thread is to stop once nothing is pending. */
const STOP = 3;
/** PENDING when no thread runs: the one that ran wrote everything and stopped, or none has started yet. */
const CLOSED = -1;
/** How often the batches are looked at: a look that finds none since the last asks the thread to stop, and its memory (~6 MiB of ~9) is returned. */
const IDLE_LOOK_MS = 60_000;
/**
 * The ring the batches wait in for the thread, and so the most bytes not written yet: ~15,000 call
 * lines, a few seconds of a loaded server whose stderr is not read (a stuck log collector). Later
 * batches are dropped and counted, rather than a heap that grows until the process fails.
 */
export const RING_BYTES = 4 * 1024 * 1024;

/**
 * The thread's whole program (CommonJS, run with `eval`, as the SQLite worker's, so the same code
 * runs from the bundle, tsc's modules and the tests): it sleeps until bytes are pending in the ring,
 * writes them with blocking writes from where it stopped, and says how far it got; asked to stop, it
 * ends once nothing is pending. A write stderr
 * refuses for now (a non-blocking pipe that is full) is tried again after a millisecond; one that
 * fails otherwise (a closed pipe) drops its bytes: nothing can be written there any more.
 */
const THREAD_SOURCE = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const state = new Int32Array(workerData.state);
const ring = new Uint8Array(workerData.ring);
const pause = new Int32Array(new SharedArrayBuffer(4));
Atomics.store(state, ${STARTED}, 1);
let at = Atomics.load(state, ${READ_AT});
for (;;) {
  const pending = Atomics.load(state, ${PENDING});
  if (pending === 0) {
    // Asked to stop and nothing came: closed in one step, so a batch put meanwhile finds it open or starts another thread.
    if (Atomics.load(state, ${STOP}) === 1 && Atomics.compareExchange(state, ${PENDING}, 0, ${CLOSED}) === 0) break;
    Atomics.wait(state, ${PENDING}, 0);
    continue;
  }
  let written;
  try {
    written = writeSync(workerData.fd, ring, at, Math.min(pending, ring.length - at));
  } catch (error) {
    if (error.code === 'EAGAIN') {
      Atomics.wait(pause, 0, 0, 1);
      continue;
    }
    written = Math.min(pending, ring.length - at);
  }
  at = (at + written) % ring.length;
  Atomics.store(state, ${READ_AT}, at);
  Atomics.sub(state, ${PENDING}, written);
  Atomics.notify(state, ${PENDING});
}
`;

/** Atomics.waitAsync (ES2024; Node has it, the ES2023 library types do not). */
type WaitAsync = (array: Int32Array, index: number, value: number, timeoutMs: number) => { async: false } | { async: true; value: Promise<unknown> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** A warning of this writer's own, as the JSON logger writes one. */
function warningLine(msg: string, fields: Readonly<Record<string, string | number>>): Buffer {
  const line = { level: 'warn', time: new Date().toISOString(), context: 'Logger', msg, ...fields };
  return Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
}

/** Newlines in `bytes`: the lines of a batch that is dropped. */
export function linesIn(bytes: Buffer): number {
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
  return lines;
}

/**
 * Batches of lines written to a file descriptor (stderr) by a thread of their own, so a slow or
 * full pipe never holds up the process's thread. The batches are copied into a ring of shared
 * memory the thread writes from, with how far it has got beside it: a fatal line, an exit or a
 * crash waits for what is on its way (Atomics.wait) and then writes the rest in order, and nothing
 * is allocated or posted per batch. Writes handed to Node's pool could not be waited for: a fatal
 * line followed by a kill lost the batches still queued there whenever the pool was busy (password
 * hashes, file reads). The thread starts with the first batch and never keeps the process alive;
 * it stops after one to two minutes without a batch (its memory returned), and the next batch
 * starts another.
 * If it fails (an error, an exit it was not asked for), or never started by the time an exit
 * waits for it, the process's thread writes what it had not, and every later batch, itself.
 */
export class StderrThread implements BatchSink {
  private thread: Worker | undefined;
  private failed = false;
  private readonly state = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
  private readonly ring: Uint8Array;
  /** Where the next batch goes in the ring. */
  private writeAt = 0;
  /** Lines dropped since the last warning that counted them. */
  private dropped = 0;
  /** Lines dropped since the process started. */
  private droppedTotal = 0;
  /** Batches put since the last look (IDLE_LOOK_MS). */
  private batchesSinceLook = 0;
  private looks: NodeJS.Timeout | undefined;

  /**
   * `program` stands in for the thread's, `ringBytes` for the ring's size, `idleLookMs` for how
   * often the batches are looked at (a test's: a thread that fails, a smaller ring, a shorter idle).
   */
  constructor(
    private readonly fd = 2,
    private readonly options: { program?: string; ringBytes?: number; idleLookMs?: number } = {},
  ) {
    this.ring = new Uint8Array(new SharedArrayBuffer(options.ringBytes ?? RING_BYTES));
    Atomics.store(this.state, PENDING, CLOSED);
  }

  get droppedLines(): number {
    return this.droppedTotal;
  }

  /** True while a thread runs (from the first batch until a look finds none since the last). */
  get running(): boolean {
    return !this.failed && Atomics.load(this.state, PENDING) !== CLOSED;
  }

  write(bytes: Buffer): void {
    if (this.failed) {
      this.writeHere(bytes);
      return;
    }
    if (this.dropped > 0) {
      // The count goes in with the next batch that fits, right before it: never alone, once per gap.
      const count = this.droppedCount();
      if (!this.fits(count.length + bytes.length)) {
        this.drop(bytes);
        return;
      }
      this.put(count);
      this.dropped = 0;
    }
    if (!this.put(bytes)) this.drop(bytes);
  }

  writeNow(last: Buffer | undefined, timeoutMs: number): void {
    if (this.failed || Atomics.load(this.state, PENDING) === CLOSED) {
      // Nothing on its way: what is left is written here, after everything before it (and the count of lines dropped, if any).
      if (this.dropped > 0) {
        this.writeHere(this.droppedCount());
        this.dropped = 0;
      }
      if (last) this.writeHere(last);
      return;
    }
    if (last) this.write(last);
    const deadline = Date.now() + timeoutMs;
    for (let wait = this.stillPending(deadline); wait; wait = this.stillPending(deadline)) Atomics.wait(this.state, PENDING, wait.pending, wait.left);
  }

  async drained(timeoutMs: number): Promise<void> {
    // Atomics.waitAsync alone does not keep the event loop alive: a caller awaiting this (an exit
    // with a code of its own) would see the loop end first. A timer for the deadline keeps it.
    const alive = setTimeout(() => undefined, timeoutMs);
    try {
      const deadline = Date.now() + timeoutMs;
      for (let wait = this.stillPending(deadline); wait; wait = this.stillPending(deadline)) {
        const waiting = waitAsync(this.state, PENDING, wait.pending, wait.left);
        if (waiting.async) await waiting.value;
      }
    } finally {
      clearTimeout(alive);
    }
  }

  /**
   * What a wait for the bytes on their way waits on: the count pending and the time left; undefined
   * once none is pending, or at the deadline (when a thread that never ran is taken over).
   */
  private stillPending(deadline: number): { pending: number; left: number } | undefined {
    const pending = Atomics.load(this.state, PENDING);
    if (this.failed || pending <= 0) return undefined;
    const left = deadline - Date.now();
    if (left > 0) return { pending, left };
    this.ifNeverStarted();
    return undefined;
  }

  /** True when `length` more bytes fit in the ring now (the thread only ever makes more room). */
  private fits(length: number): boolean {
    return Math.max(0, Atomics.load(this.state, PENDING)) + length <= this.ring.length;
  }

  /**
   * Copies `bytes` into the ring after what is pending and wakes the thread, or starts one when
   * none runs; false, copying nothing, when they do not fit.
   */
  private put(bytes: Buffer): boolean {
    const length = bytes.length;
    const size = this.ring.length;
    if (!this.fits(length)) return false;
    const first = Math.min(length, size - this.writeAt);
    this.ring.set(bytes.subarray(0, first), this.writeAt);
    if (first < length) this.ring.set(bytes.subarray(first), 0);
    this.writeAt = (this.writeAt + length) % size;
    this.batchesSinceLook++;
    Atomics.store(this.state, STOP, 0);
    // Counted in one step against the thread's own closing (its compareExchange of 0 to CLOSED).
    for (;;) {
      const pending = Atomics.load(this.state, PENDING);
      if (Atomics.compareExchange(this.state, PENDING, pending, pending === CLOSED ? length : pending + length) !== pending) continue;
      if (pending === CLOSED) this.start();
      break;
    }
    Atomics.notify(this.state, PENDING);
    return true;
  }

  /** The line that counts the lines dropped since the last such line. */
  private droppedCount(): Buffer {
    return warningLine('log lines dropped: stderr was not read', { dropped_lines: this.dropped });
  }

  private drop(bytes: Buffer): void {
    const lines = linesIn(bytes);
    this.dropped += lines;
    this.droppedTotal += lines;
  }

  /** Asks the thread to stop when no batch came since the last look. */
  private look(): void {
    if (this.batchesSinceLook === 0 && this.running) {
      Atomics.store(this.state, STOP, 1);
      Atomics.notify(this.state, PENDING);
    }
    this.batchesSinceLook = 0;
  }

  /** After a wait that timed out: a thread that never ran wrote nothing, so everything is written here (a stuck reader is waited for no more). */
  private ifNeverStarted(): void {
    if (Atomics.load(this.state, STARTED) === 1) return;
    this.takeOver('it did not start');
  }

  /** A thread for the bytes pending (the one before it, if any, has closed: it writes nothing more). */
  private start(): void {
    Atomics.store(this.state, STARTED, 0);
    try {
      const thread = new Worker(this.options.program ?? THREAD_SOURCE, {
        eval: true,
        workerData: { fd: this.fd, state: this.state.buffer, ring: this.ring.buffer },
        // Not the process's own options (an --import, an --input-type, a profiler's): the program above needs none.
        execArgv: [],
        // The program above and nothing else: the smallest heap a thread runs with is plenty.
        resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, codeRangeSizeMb: 2 },
      });
      thread.unref();
      thread.on('error', (error: Error) => {
        if (thread === this.thread) this.takeOver(error.message);
      });
      thread.once('exit', (code) => {
        // Closed when asked to stop: the next batch starts another. Else it failed.
        if (thread === this.thread && Atomics.load(this.state, PENDING) !== CLOSED) this.takeOver(`it exited with code ${code}`);
      });
      this.thread = thread;
      this.looks ??= setInterval(() => this.look(), this.options.idleLookMs ?? IDLE_LOOK_MS).unref();
    } catch (error) {
      this.takeOver(error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * The thread failed, or never started: what it had not written is written here (a piece it was
   * writing when it stopped may be written twice, never lost), and every later batch too.
   */
  private takeOver(reason: string): void {
    if (this.failed) return;
    this.failed = true;
    clearInterval(this.looks);
    void this.thread?.terminate();
    this.thread = undefined;
    const pending = Math.max(0, Atomics.load(this.state, PENDING));
    const readAt = Atomics.load(this.state, READ_AT);
    const first = Math.min(pending, this.ring.length - readAt);
    this.writeHere(this.ring.subarray(readAt, readAt + first));
    if (first < pending) this.writeHere(this.ring.subarray(0, pending - first));
    Atomics.store(this.state, PENDING, CLOSED);
    this.writeHere(warningLine('log lines are written by the main thread: their own thread stopped', { reason }));
  }

  /** Writes `bytes` whole from the process's thread (no thread to write them); a closed or broken stderr (or one full and non-blocking) takes no more lines. */
  private writeHere(bytes: Uint8Array): void {
    writeWholeSync(this.fd, bytes);
  }
}

/**
 * Writes `bytes` to `fd` with blocking writes until all are written or one fails; answers how many
 * were written (fewer than all when one failed: the rest is not written).
 */
export function writeWholeSync(fd: number, bytes: Uint8Array): number {
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
  } catch {
    // Answered by the count: what was not written is the caller's to drop or count.
  }
  return at;
}
