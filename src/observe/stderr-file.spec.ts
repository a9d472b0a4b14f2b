import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchSinkFor, StderrFile } from './stderr-file.js';
import { StderrThread } from './stderr-thread.js';

describe('StderrFile', () => {
  let dir: string;
  const opened: number[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'stderr-file-'))));
  afterEach(() => {
    for (const fd of opened.splice(0)) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  function open(path: string, flags: string): number {
    const fd = openSync(path, flags);
    opened.push(fd);
    return fd;
  }

  it('is the sink of a regular file; a pipe or a terminal gets a thread', () => {
    expect(batchSinkFor(open(join(dir, 'lines'), 'a'))).toBeInstanceOf(StderrFile);
    expect(batchSinkFor(open('/dev/null', 'w'))).toBeInstanceOf(StderrThread);
    // A descriptor that is not open: the thread, which drops what it cannot write.
    expect(batchSinkFor(987_654)).toBeInstanceOf(StderrThread);
  });

  it('writes each batch whole before it returns, in order, then the last', async () => {
    const path = join(dir, 'lines');
    const sink = new StderrFile(open(path, 'a'));
    const batches = Array.from({ length: 30 }, (_, n) => Buffer.from(`${String(n).padStart(6, '0')}${'x'.repeat(40_000)}\n`, 'utf8'));
    for (const [n, bytes] of batches.entries()) {
      sink.write(bytes);
      expect(readFileSync(path).length).toBe((n + 1) * bytes.length);
    }
    sink.writeNow(Buffer.from('last\n'));
    await sink.drained();
    expect(readFileSync(path, 'utf8')).toBe(`${batches.map((bytes) => bytes.toString('utf8')).join('')}last\n`);
    expect(sink.droppedLines).toBe(0);
  });

  it('counts the lines of a batch the file refuses, and goes on with the next', () => {
    // Opened for reading only: every write fails (EBADF), as a full disk's would (ENOSPC).
    const path = join(dir, 'lines');
    closeSync(openSync(path, 'w'));
    const sink = new StderrFile(open(path, 'r'));
    sink.write(Buffer.from('a\nb\nc\n'));
    sink.writeNow(Buffer.from('d\n'));
    expect(sink.droppedLines).toBe(4);
  });
});
