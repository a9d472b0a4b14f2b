import { Buffer } from 'node:buffer';
import { destination as pinoDestination, type DestinationStream } from 'pino';

/**
 * pino's destination (sonic-boom) in buffer mode, which takes each write as bytes: its TypeScript
 * types know only the text mode's `write(text)`.
 */
interface ByteDestination {
  write(bytes: Buffer): boolean;
  flush(callback?: (error?: Error) => unknown): void;
  flushSync(): void;
}

/**
 * The JSON log lines' way to stderr: pino's destination, each line handed over as its UTF-8 bytes.
 * Lines are written in batches of at least 4 KiB, and at least every 100 ms: at one line per call, a
 * write per line was a system call (and a wake-up of the writer thread) per call. Handed text, the
 * destination measured the UTF-8 length of all the text it had gathered towards a batch on every
 * line (a few microseconds a line); handed bytes, it adds their length and joins them once a batch.
 *
 * Nothing is held here: a line is in the destination's buffer when `write` returns, so the
 * destination's own flushing stands as it was — on `flush`, on a fatal line (pino calls
 * `flushSync`), and when the process exits (pino registers the destination for that itself).
 * A batch is written by a thread of Node's pool while the process goes on. An exit while one is on
 * its way writes what is still buffered at once, possibly ahead of it: a shutdown waits for
 * `stderrLinesWritten()` before it exits.
 */
class StderrLines implements DestinationStream {
  private readonly destination: ByteDestination;

  constructor() {
    // The one place the destination's text-only types are set aside, for the mode asked for here.
    this.destination = pinoDestination({ dest: 2, sync: false, minLength: 4096, periodicFlush: 100, contentMode: 'buffer' }) as unknown as ByteDestination;
  }

  write(line: string): void {
    this.destination.write(Buffer.from(line, 'utf8'));
  }

  flush(callback?: (error?: Error) => unknown): void {
    this.destination.flush(callback);
  }

  flushSync(): void {
    this.destination.flushSync();
  }

  /** See stderrLinesWritten. */
  written(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      // Called after the destination's drain, when no batch was on its way (a shutdown logs nothing in
      // between); what is left, under a batch, is written here, in order, before the exit.
      this.destination.flush(() => {
        clearTimeout(timer);
        try {
          this.destination.flushSync();
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
