import { execFileSync } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonLogger } from '../src/observe/logger.js';
import { StderrLines } from '../src/observe/stderr-lines.js';
import { StderrThread } from '../src/observe/stderr-thread.js';
import { startStack, type TestStack } from './support/test-app.js';

/** A smaller ring than the process's 4 MiB, so that a few hundred calls fill it. */
const RING_BYTES = 64 * 1024;
/** Calls enough to fill the pipe (64 KiB) and the ring with their log lines (~200 bytes each), and then some. */
const CALLS = 1500;

/**
 * A log collector that stops reading stderr (stuck, or a desktop client that pipes a stdio server's
 * stderr and never reads it) must not stop the replica: its calls are answered while the lines wait,
 * those that do not fit are dropped and counted, and the lines flow again once stderr is read. The
 * database plays no part: SQLite only.
 */
describe('a stderr nobody reads', () => {
  let dir: string;
  let fifo: string;
  let fd: number;
  let lines: StderrLines;
  let stack: TestStack;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stalled-stderr-'));
    fifo = join(dir, 'stderr');
    execFileSync('mkfifo', [fifo]);
    // Read and write, so opening waits for no reader; nothing reads it until the test says so.
    fd = openSync(fifo, 'r+');
    lines = new StderrLines(new StderrThread(fd, { ringBytes: RING_BYTES }));
    stack = await startStack('sqlite', { LOG_FORMAT: 'json' }, { logger: new JsonLogger('info', lines) });
  });

  afterAll(async () => {
    await stack.close();
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not stop the replica: every call is answered, the lines that do not fit are counted, and they flow again once read', async () => {
    const token = await stack.token('glpi');
    const get = async () => (await fetch(`${stack.url}/api/tickets/1`, { headers: { Authorization: `Bearer ${token}` } })).status;
    for (let i = 0; i < CALLS; i++) expect(await get()).toBe(200);

    const read: Buffer[] = [];
    const reader = createReadStream(fifo);
    reader.on('data', (chunk) => read.push(chunk as Buffer));
    await lines.written(10_000);
    // The next lines, once there is room: the count of those dropped comes first.
    expect(await get()).toBe(200);
    await lines.written(10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    reader.destroy();

    const logged = Buffer.concat(read)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; route?: string; dropped_lines?: number });
    const calls = logged.filter((line) => line.msg === 'call');
    // One count per gap of dropped lines. Usually one gap; on a slow machine, a small batch (a
    // 100 ms hand-over of a few lines) can fit the ring's last room between two large ones that did
    // not, and the lines dropped on either side of it are counted apart.
    const dropped = logged.filter((line) => line.msg === 'log lines dropped: stderr was not read');
    const droppedTotal = dropped.reduce((total, line) => total + (line.dropped_lines ?? 0), 0);
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThan(CALLS);
    expect(calls.length + droppedTotal).toBeGreaterThanOrEqual(CALLS + 1);
    expect(lines.droppedLines).toBe(droppedTotal);
    // The call made once stderr was read again is there, after the count.
    expect(logged.at(-1)).toMatchObject({ msg: 'call', route: 'GET /api/tickets/1' });
  });
});
