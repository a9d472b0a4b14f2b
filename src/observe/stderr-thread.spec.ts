import { execFileSync } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RING_BYTES, StderrThread } from './stderr-thread.js';

/** Waits until the reader has read a line `last` (a loaded machine reads the pipe late), at most 10 s. */
async function readThrough(read: Buffer[], last: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!Buffer.concat(read).toString('utf8').endsWith(`\n${last}\n`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('StderrThread', () => {
  let dir: string;
  const opened: number[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'stderr-thread-'))));
  afterEach(() => {
    for (const fd of opened.splice(0)) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A named pipe opened for reading and writing (so opening it waits for nobody), that nobody reads: a stuck log collector. */
  function unreadPipe(): { fd: number; path: string } {
    const path = join(dir, 'pipe');
    execFileSync('mkfifo', [path]);
    const fd = openSync(path, 'r+');
    opened.push(fd);
    return { fd, path };
  }
  const batch = (n: number, size = 32 * 1024) => Buffer.from(`${String(n).padStart(6, '0')}${'x'.repeat(size - 7)}\n`, 'utf8');

  /** A sink writing to a file, and what the file holds. */
  function fileSink(options: { program?: string; idleLookMs?: number } = {}): { sink: StderrThread; text: () => string } {
    const path = join(dir, 'lines');
    const fd = openSync(path, 'w');
    opened.push(fd);
    return { sink: new StderrThread(fd, options), text: () => readFileSync(path, 'utf8') };
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('writes each batch whole and in order; writeNow returns once every batch before it is written, then its own', () => {
    const { sink, text } = fileSink();
    const batches = Array.from({ length: 40 }, (_, n) => batch(n));
    for (const bytes of batches) sink.write(bytes);
    sink.writeNow(Buffer.from('last\n'), 5000);
    expect(text()).toBe(`${batches.map((bytes) => bytes.toString('utf8')).join('')}last\n`);
  });

  it('resolves drained once every batch is written', async () => {
    const { sink, text } = fileSink();
    for (let n = 0; n < 40; n++) sink.write(batch(n));
    await sink.drained(5000);
    expect(text().length).toBe(40 * 32 * 1024);
  });

  it('stops its thread when no batch came between two looks, and starts another with the next batch', async () => {
    const { sink, text } = fileSink({ idleLookMs: 50 });
    expect(sink.running).toBe(false);
    sink.write(batch(0, 100));
    expect(sink.running).toBe(true);
    await sleep(300);
    expect(sink.running).toBe(false);
    sink.write(batch(1, 100));
    expect(sink.running).toBe(true);
    sink.writeNow(Buffer.from('last\n'), 5000);
    expect(text()).toBe(`${batch(0, 100).toString('utf8')}${batch(1, 100).toString('utf8')}last\n`);
  });

  it('loses, repeats and reorders nothing while its thread stops and starts again and again', async () => {
    const { sink, text } = fileSink({ idleLookMs: 2 });
    const written: string[] = [];
    let n = 0;
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 1 + (round % 4); i++) {
        const bytes = batch(n++, 64 + (round % 7) * 300);
        written.push(bytes.toString('utf8'));
        sink.write(bytes);
      }
      await sleep(round % 3 === 0 ? 20 : 2);
    }
    sink.writeNow(Buffer.from('last\n'), 5000);
    expect(text()).toBe(`${written.join('')}last\n`);
  });

  it('never holds the caller up when stderr is not read: writeNow gives up after its time, and batches beyond the cap are dropped and counted', async () => {
    const { fd, path } = unreadPipe();
    const sink = new StderrThread(fd);
    const started = Date.now();
    // The pipe takes 64 KiB, the thread is stuck on the next batch; what follows waits up to the cap, then is dropped.
    const count = Math.ceil(RING_BYTES / (32 * 1024)) + 20;
    for (let n = 0; n < count; n++) sink.write(batch(n));
    expect(Date.now() - started).toBeLessThan(1000);
    const waited = Date.now();
    sink.writeNow(undefined, 300);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(290);
    expect(Date.now() - waited).toBeLessThan(2000);

    // The collector reads again: what was kept is written; then, before the next lines, the count of those dropped.
    const read: Buffer[] = [];
    const reader = createReadStream(path);
    reader.on('data', (chunk) => read.push(chunk as Buffer));
    await sink.drained(10_000);
    sink.write(Buffer.from('after\n'));
    await sink.drained(10_000);
    await readThrough(read, 'after');
    reader.destroy();
    const lines = Buffer.concat(read).toString('utf8').split('\n').filter(Boolean);
    const kept = lines.filter((line) => line.endsWith('x')).map((line) => Number(line.slice(0, 6)));
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, n) => n));
    expect(kept.length).toBeGreaterThanOrEqual(RING_BYTES / (32 * 1024));
    expect(kept.length).toBeLessThan(count);
    const notice = JSON.parse(lines.at(-2) ?? '{}') as { level: string; msg: string; dropped_lines: number };
    expect(notice).toMatchObject({ level: 'warn', msg: 'log lines dropped: stderr was not read', dropped_lines: count - kept.length });
    expect(sink.droppedLines).toBe(count - kept.length);
    expect(lines.at(-1)).toBe('after');
  });

  it('counts the lines dropped at the end too, when no batch came after them to carry the count', async () => {
    const { fd, path } = unreadPipe();
    const sink = new StderrThread(fd, { ringBytes: 64 * 1024, idleLookMs: 50 });
    for (let n = 0; n < 8; n++) sink.write(batch(n));
    expect(sink.droppedLines).toBeGreaterThan(0);
    const read: Buffer[] = [];
    const reader = createReadStream(path);
    reader.on('data', (chunk) => read.push(chunk as Buffer));
    await sink.drained(10_000);
    while (sink.running) await sleep(20);
    sink.writeNow(Buffer.from('last\n'), 5000);
    await readThrough(read, 'last');
    reader.destroy();
    const lines = Buffer.concat(read).toString('utf8').split('\n').filter(Boolean);
    // Every dropped line is counted once, before 'last': by the notice of its gap (the writer may
    // have caught up between two drops on a busy machine: two gaps, two notices).
    const notices = lines.filter((line) => line.includes('"log lines dropped')).map((line) => JSON.parse(line) as { msg: string; dropped_lines: number });
    expect(notices.reduce((sum, notice) => sum + notice.dropped_lines, 0)).toBe(sink.droppedLines);
    expect(notices.every((notice) => notice.msg === 'log lines dropped: stderr was not read')).toBe(true);
    expect(lines.at(-1)).toBe('last');
  });

  describe('when its thread fails', () => {
    const BROKEN = "throw new Error('broken');";

    it('an exit that waited for a thread that never ran writes every batch itself, in order, and says why', () => {
      const { sink, text } = fileSink({ program: BROKEN });
      const batches = Array.from({ length: 3 }, (_, n) => batch(n, 1024));
      for (const bytes of batches) sink.write(bytes);
      sink.writeNow(Buffer.from('last\n'), 300);
      const written = text();
      const warning = written.slice(written.lastIndexOf('{'));
      expect(written.slice(0, -warning.length)).toBe(`${batches.map((bytes) => bytes.toString('utf8')).join('')}last\n`);
      expect(JSON.parse(warning)).toMatchObject({ level: 'warn', reason: 'it did not start' });
    });

    it('a thread that stops hands its batches back, and later ones are written by the caller', async () => {
      const { sink, text } = fileSink({ program: BROKEN });
      sink.write(batch(0, 1024));
      await new Promise((resolve) => setTimeout(resolve, 500));
      sink.write(batch(1, 1024));
      sink.writeNow(Buffer.from('last\n'), 300);
      const lines = text().split('\n').filter(Boolean);
      expect(lines.map((line) => (line.startsWith('{') ? 'warning' : line.slice(0, 6)))).toEqual(['000000', 'warning', '000001', 'last']);
      expect(JSON.parse(lines[1])).toMatchObject({ level: 'warn', reason: 'broken' });
    });
  });
});
