import { Buffer } from 'node:buffer';
import type { DestinationStream } from 'pino';
import { utf8BytesAtMost } from '../text/characters.js';
import { batchSinkFor } from './stderr-file.js';
import type { BatchSink } from './stderr-thread.js';

/**
 * Bytes of lines held before they are handed to the sink as one piece: some 130 call lines. Each
 * piece wakes the writing thread and is a write of its own; at 4 KiB (16 lines) the writes of
 * Node's pool, which wrote them before the thread, cost a `ticket_get` more CPU than its own log
 * line did.
 */
const BATCH_BYTES = 32 * 1024;
/** The room of a batch's buffer: a batch and then some, so that most lines fit whole in the last one. */
const HELD_BYTES = 2 * BATCH_BYTES;
/** The longest a line is held when fewer come (ms). */
const HOLD_MS = 100;

/**
 * Lines held as their UTF-8 bytes, in a buffer outside V8's heap, until they are taken in one piece.
 * Held as strings they were live objects at every young-generation collection under load, copied by
 * each (most of what survived one), then joined and encoded once more; held as bytes the collector
 * never sees them, and each line is encoded once, into the piece that is written.
 */
export class HeldLines {
  private readonly bytes: Buffer;
  private used = 0;

  constructor(private readonly capacity = HELD_BYTES) {
    this.bytes = Buffer.allocUnsafe(capacity);
  }

  /** Bytes held. */
  get size(): number {
    return this.used;
  }

  /** Holds `line` after the others; false, holding nothing more, when it might not fit (take() first; a line longer than a third of the room never fits). */
  add(line: string): boolean {
    if (this.used + utf8BytesAtMost(line) > this.capacity) return false;
    this.used += this.bytes.write(line, this.used, 'utf8');
    return true;
  }

  /**
   * What is held, in one piece, undefined when nothing is. The piece is the room of the lines held
   * next: a sink copies or writes it before it returns (BatchSink).
   */
  take(): Buffer | undefined {
    if (this.used === 0) return undefined;
    const piece = this.bytes.subarray(0, this.used);
    this.used = 0;
    return piece;
  }
}

/** How long an exit, a kill after a fatal line, or a flush waits for the lines on their way to stderr when it is not read. */
const WAIT_AT_END_MS = 2000;

/**
 * The JSON log lines' way to stderr: handed to a thread of their own (StderrThread) in batches of
 * at least 32 KiB, or every 100 ms, each batch as its UTF-8 bytes (HeldLines); written here, batch
 * by batch, when stderr is a regular file (StderrFile). At one line per call,
 * a write per line was a system call (and a wake-up of a writer thread) per call; each line is
 * encoded once, into the bytes of its batch.
 *
 * Nothing held is lost, and the order is kept: `flushSync` (pino's on a fatal line, before a kill
 * or an abort may follow) and an exit (process.exit, a crash, the event loop's end) wait for the
 * batches on their way, then write what is held after them; a shutdown waits for
 * `stderrLinesWritten()`. Each waits 2 s at most when stderr is not read. Given a sink (a test's),
 * the lines go there, and nothing is registered on the process.
 */
export class StderrLines implements DestinationStream {
  private readonly sink: BatchSink;
  /** Lines not handed over yet. */
  private readonly held = new HeldLines();
  private timer: NodeJS.Timeout | undefined;

  constructor(sink?: BatchSink) {
    if (sink) {
      this.sink = sink;
      return;
    }
    this.sink = batchSinkFor(2);
    // No event loop left (process.exit, a crash, its end): what is on its way and what is held are written here, in order.
    process.on('exit', () => this.flushSync());
  }

  write(line: string): void {
    if (!this.held.add(line)) {
      this.handOver();
      if (!this.held.add(line)) {
        // Longer than a batch's room (a long stack, say): after the lines before it, on its own.
        this.sink.write(Buffer.from(line, 'utf8'));
        return;
      }
    }
    if (this.held.size >= BATCH_BYTES) this.handOver();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.handOver(), HOLD_MS);
      this.timer.unref();
    }
  }

  flush(callback?: (error?: Error) => unknown): void {
    void this.written(WAIT_AT_END_MS).then(() => callback?.());
  }

  flushSync(): void {
    this.stopTimer();
    this.sink.writeNow(this.held.take(), WAIT_AT_END_MS);
  }

  /** Gives the sink the lines held, as one piece of UTF-8 bytes. */
  private handOver(): void {
    this.stopTimer();
    const batch = this.held.take();
    if (batch) this.sink.write(batch);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  /** See droppedLogLines. */
  get droppedLines(): number {
    return this.sink.droppedLines;
  }

  /** See stderrLinesWritten. */
  written(timeoutMs: number): Promise<void> {
    this.handOver();
    return this.sink.drained(timeoutMs);
  }
}

let ofProcess: StderrLines | undefined;

/** The destination of the process's JSON lines: one for every logger of the process, so their lines keep one order on stderr. */
export function stderrLines(): DestinationStream {
  ofProcess ??= new StderrLines();
  return ofProcess;
}

/**
 * Writes out, synchronously and in order, the JSON lines logged so far: a line written on stderr
 * directly next (processLine's) then comes after them, not ahead of lines still held for their batch.
 */
export function writeHeldLinesNow(): void {
  ofProcess?.flushSync();
}

/** JSON lines of the process dropped so far because stderr was not read (StderrThread) or refused them (StderrFile). */
export function droppedLogLines(): number {
  return ofProcess?.droppedLines ?? 0;
}

/**
 * Resolves once every JSON line logged so far is on stderr and none is on its way, so an exit then
 * loses and reorders nothing; or after `timeoutMs`, when stderr's reader has stopped reading (the
 * exit then writes what it can, as without the wait).
 */
export function stderrLinesWritten(timeoutMs = WAIT_AT_END_MS): Promise<void> {
  return ofProcess ? ofProcess.written(timeoutMs) : Promise.resolve();
}
