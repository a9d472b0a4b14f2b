import type { Buffer } from 'node:buffer';
import { fstatSync } from 'node:fs';
import { type BatchSink, linesIn, StderrThread, writeWholeSync } from './stderr-thread.js';

/**
 * Batches written straight to stderr when it is a regular file (`2>>server.log`, a bench's log): a
 * write there never waits for a reader, so nothing is gained by a thread of its own (StderrThread,
 * for pipes, sockets and terminals, which can stop taking bytes), and it costs its memory (an
 * isolate, ~9 MiB, and a 4 MiB ring) and a hand-over per batch. Each batch is written whole before
 * `write` returns, the way the SQLite connection writes its own file: so every line is on disk, in
 * order, before an exit, a kill after a fatal line or a crash can come. A write the file refuses
 * (a full disk, an I/O error) drops that batch's lines and counts them.
 */
export class StderrFile implements BatchSink {
  private dropped = 0;

  constructor(private readonly fd: number) {}

  write(bytes: Buffer): void {
    this.writeWhole(bytes);
  }

  writeNow(last: Buffer | undefined): void {
    if (last) this.writeWhole(last);
  }

  drained(): Promise<void> {
    return Promise.resolve();
  }

  get droppedLines(): number {
    return this.dropped;
  }

  private writeWhole(bytes: Buffer): void {
    const written = writeWholeSync(this.fd, bytes);
    if (written < bytes.length) this.dropped += linesIn(bytes.subarray(written));
  }
}

/** The sink for file descriptor `fd`: written here when it is a regular file, by a thread of its own otherwise. */
export function batchSinkFor(fd: number): BatchSink {
  return isRegularFile(fd) ? new StderrFile(fd) : new StderrThread(fd);
}

function isRegularFile(fd: number): boolean {
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}
