import { Buffer } from 'node:buffer';
import { destination as pinoDestination, type DestinationStream } from 'pino';

/**
 * pino's destination (sonic-boom) in buffer mode, which takes each write as bytes: its TypeScript
 * types know only the text mode's `write(text)`.
 */
export interface ByteDestination {
  write(bytes: Buffer): boolean;
  flush(callback?: (error?: Error) => unknown): void;
  flushSync(): void;
}

/**
 * Bytes of lines held before they are handed to the destination as one piece: some 130 call lines.
 * Each piece is a write on a thread of Node's pool (a hand-over and a wake-up each way); at 4 Ki
 * (16 lines) those cost a `ticket_get` more CPU than its own log line did.
 */
const BATCH_BYTES = 32 * 1024;
/** The room of a batch's buffer: a batch and then some, so that most lines fit whole in the last one. */
const HELD_BYTES = 2 * BATCH_BYTES;
/** The most UTF-8 bytes one UTF-16 code unit of a line takes (a pair of surrogates: 4 bytes for 2). */
const MAX_UTF8_BYTES_PER_UNIT = 3;
/** The longest a line is held when fewer come (ms). */
const HOLD_MS = 100;

/**
 * Lines held as their UTF-8 bytes, in a buffer outside V8's heap, until they are taken in one piece.
 * Held as strings they were live objects at every young-generation collection under load, copied by
 * each (most of what survived one), then joined and encoded once more; held as bytes the collector
 * never sees them, and each line is encoded once, into the piece that is written.
 */
export class HeldLines {
  private bytes: Buffer;
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
    if (this.used + line.length * MAX_UTF8_BYTES_PER_UNIT > this.capacity) return false;
    this.used += this.bytes.write(line, this.used, 'utf8');
    return true;
  }

  /**
   * What is held, in one piece, and a new buffer for what comes next (the destination may still be
   * writing this one when the next lines come); undefined when nothing is held.
   */
  take(): Buffer | undefined {
    if (this.used === 0) return undefined;
    const piece = this.bytes.subarray(0, this.used);
    this.bytes = Buffer.allocUnsafe(this.capacity);
    this.used = 0;
    return piece;
  }
}

/**
 * The JSON log lines' way to stderr: pino's destination, handed the lines in batches of at least
 * 32 KiB, or every 100 ms, each batch as its UTF-8 bytes (HeldLines). At one line per call, a write per
 * line was a system call (and a wake-up of the writer thread) per call; the destination batches
 * writes itself, but it took each line as its own piece (bytes made for each, its length added, the
 * pieces joined again for the write: ~3% of a `ticket_get` under load). Lines are joined here, each
 * encoded once, into the bytes of the batch.
 *
 * Nothing held is lost: a batch is handed over on `flush`, `flushSync` (pino's on a fatal line), and
 * when the process is about to exit or its event loop ends — handlers registered before the
 * destination's own (pino registers the destination to be written out then), so they run first.
 * A batch is written by a thread of Node's pool while the process goes on. An exit while one is on
 * its way writes what is still buffered at once, possibly ahead of it: a shutdown waits for
 * `stderrLinesWritten()` before it exits. Given a destination (a test's), the lines go there, and
 * nothing is registered on the process.
 */
export class StderrLines implements DestinationStream {
  private readonly destination: ByteDestination;
  /** Lines not handed over yet. */
  private readonly held = new HeldLines();
  private timer: NodeJS.Timeout | undefined;

  constructor(destination?: ByteDestination) {
    if (destination) {
      this.destination = destination;
      return;
    }
    // The event loop ended: the destination's own handler, next, writes what it holds and ends it.
    process.on('beforeExit', () => this.handOver());
    // An exit (process.exit, a crash): no event loop left, so everything is written at once, here.
    process.on('exit', () => {
      try {
        this.flushSync();
      } catch {
        // A destination closed or broken (a closed pipe) takes no more lines.
      }
    });
    // The one place the destination's text-only types are set aside, for the mode asked for here.
    // Each piece it gets is a batch already: it writes it at once (or after the write on its way).
    // minLength 1, not 0: with 0 the destination's flush(callback) calls back at once, even with a
    // write on its way, and the flushSync that follows in `written` then lands ahead of that write.
    this.destination = pinoDestination({ dest: 2, sync: false, minLength: 1, contentMode: 'buffer' }) as unknown as ByteDestination;
  }

  write(line: string): void {
    if (!this.held.add(line)) {
      this.handOver();
      if (!this.held.add(line)) {
        // Longer than a batch's room (a long stack, say): after the lines before it, on its own.
        this.destination.write(Buffer.from(line, 'utf8'));
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
    this.handOver();
    this.destination.flush(callback);
  }

  flushSync(): void {
    this.handOver();
    this.destination.flushSync();
  }

  /** Gives the destination the lines held, as one piece of UTF-8 bytes. */
  private handOver(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = this.held.take();
    if (batch) this.destination.write(batch);
  }

  /** See stderrLinesWritten. */
  written(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      // Called after the destination's drain, when no batch was on its way (a shutdown logs nothing in
      // between); what is left, under a batch, is written here, in order, before the exit.
      this.handOver();
      this.destination.flush(() => {
        clearTimeout(timer);
        try {
          this.flushSync();
        } catch {
          // A destination closed or broken (a closed pipe) takes no more lines: nothing is left to wait for.
        }
        resolve();
      });
    });
  }
}

let ofProcess: StderrLines | undefined;

/** The destination of the process's JSON lines: one for every logger of the process, so their lines keep one order on stderr. */
export function stderrLines(): DestinationStream {
  ofProcess ??= new StderrLines();
  return ofProcess;
}

/**
 * Resolves once every JSON line logged so far is on stderr and none is on its way, so an exit then
 * loses and reorders nothing; or after `timeoutMs`, when stderr's reader has stopped reading (the
 * exit then writes what it can, as without the wait).
 */
export function stderrLinesWritten(timeoutMs = 2000): Promise<void> {
  return ofProcess ? ofProcess.written(timeoutMs) : Promise.resolve();
}
