import type { Worker } from 'node:worker_threads';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import {
  BACKSTOP_CHECKPOINT_PAGES,
  IDLE_LOOKS_TO_STOP,
  LOOKS_AFTER_FAILURE,
  OWN_CHECKPOINT_PAGES,
  START_AT_CHANGES,
  WalCheckpointer,
} from '../../src/database/wal-checkpointer.js';
import { createTestDatabase, DATABASES, type TestDatabase } from '../support/databases.js';

/** SQLite's WAL checkpoints, off the process's thread while writes are sustained. */
describe('WalCheckpointer', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let checkpointer: WalCheckpointer;

  const autocheckpoint = async () => ((await ds.query('PRAGMA wal_autocheckpoint')) as Array<{ wal_autocheckpoint: number }>)[0].wal_autocheckpoint;
  const write = async (rows: number) => {
    const values = Array.from({ length: rows }, (_, i) => `(${i}, '${'x'.repeat(200)}')`).join(', ');
    await ds.query(`INSERT INTO wal_rows (n, text) VALUES ${values}`);
  };

  /** Sustained writes start the worker; one more write, one more look: its first checkpoint is done. */
  const startedAndCheckpointed = async () => {
    await write(START_AT_CHANGES);
    checkpointer.look();
    await write(1);
    const first = checkpointer.nextResult();
    checkpointer.look();
    return first;
  };
  /** The running worker's thread (a test of how it ends reaches it). */
  const threadOf = () => (checkpointer as unknown as { worker: { thread: Worker } }).worker.thread;

  beforeEach(async () => {
    db = await createTestDatabase('sqlite');
    ds = await new DataSource(dataSourceOptions({ type: 'sqlite', path: db.url.slice('sqlite:'.length) }, { poolSize: 1, timeoutMs: 5000 })).initialize();
    await ds.query('CREATE TABLE wal_rows (id INTEGER PRIMARY KEY, n INT, text TEXT)');
    checkpointer = new WalCheckpointer(ds);
  });
  afterEach(async () => {
    await checkpointer.onModuleDestroy();
    await ds.destroy();
    await db.drop();
  });

  it('checkpoints in a worker under sustained writes, the connection checkpointing itself only as a backstop meanwhile', async () => {
    expect(await autocheckpoint()).toBe(OWN_CHECKPOINT_PAGES);
    checkpointer.look();
    await write(START_AT_CHANGES - 1);
    checkpointer.look();
    expect(checkpointer.running).toBe(false);

    await write(START_AT_CHANGES);
    checkpointer.look();
    expect(checkpointer.running).toBe(true);
    await write(50);
    const answered = checkpointer.nextResult();
    checkpointer.look();
    const result = await answered;
    // Every page the WAL held was copied into the database file, by the worker's own connection.
    expect(result).toEqual({ busy: 0, log: expect.any(Number) as number, checkpointed: expect.any(Number) as number });
    expect(result).toMatchObject({ checkpointed: (result as { log: number }).log });
    expect((result as { log: number }).log).toBeGreaterThan(0);
    expect(await autocheckpoint()).toBe(BACKSTOP_CHECKPOINT_PAGES);
    expect(await ds.query('SELECT COUNT(*) AS n FROM wal_rows')).toEqual([{ n: 2 * START_AT_CHANGES + 49 }]);
  });

  it('asks for no checkpoint after a look without writes, and stops after a minute of them', async () => {
    await startedAndCheckpointed();
    for (let i = 0; i < IDLE_LOOKS_TO_STOP - 1; i++) checkpointer.look();
    expect(checkpointer.running).toBe(true);
    checkpointer.look();
    expect(checkpointer.running).toBe(false);
    await checkpointer.stopped();
    expect(await autocheckpoint()).toBe(OWN_CHECKPOINT_PAGES);
    // Writes again: a new worker.
    await write(START_AT_CHANGES);
    checkpointer.look();
    expect(checkpointer.running).toBe(true);
  });

  it('gives the connection its own checkpoints back when the worker dies, and waits before starting another', async () => {
    await startedAndCheckpointed();
    expect(await autocheckpoint()).toBe(BACKSTOP_CHECKPOINT_PAGES);
    await threadOf().terminate();
    await checkpointer.stopped();
    expect(checkpointer.running).toBe(false);
    expect(await autocheckpoint()).toBe(OWN_CHECKPOINT_PAGES);
    for (let i = 0; i < LOOKS_AFTER_FAILURE; i++) {
      await write(START_AT_CHANGES);
      checkpointer.look();
      expect(checkpointer.running).toBe(false);
    }
    await write(START_AT_CHANGES);
    checkpointer.look();
    expect(checkpointer.running).toBe(true);
  });

  it('logs a look that fails instead of throwing it out of the timer (which would end the process)', () => {
    const look = jest.spyOn(checkpointer, 'look').mockImplementation(() => {
      throw new Error('the connection is not open');
    });
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(() => (checkpointer as unknown as { lookOrWarn(): void }).lookOrWarn()).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('the connection is not open'));
    } finally {
      look.mockRestore();
      warn.mockRestore();
    }
  });

  it('closes the worker and its connection on shutdown', async () => {
    await write(START_AT_CHANGES);
    checkpointer.look();
    const thread = threadOf();
    const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
    await checkpointer.onModuleDestroy();
    expect(checkpointer.running).toBe(false);
    expect(await exited).toBe(0);
  });
});

describe.each(DATABASES)('WalCheckpointer where there is no WAL file (%s)', (kind) => {
  it('runs nothing', async () => {
    const db = kind === 'sqlite' ? undefined : await createTestDatabase(kind);
    const target = db ? { type: 'mysql' as const, url: db.url, database: new URL(db.url).pathname.slice(1) } : { type: 'sqlite' as const, path: ':memory:' };
    const ds = await new DataSource(dataSourceOptions(target, { poolSize: 2, timeoutMs: 5000 })).initialize();
    try {
      await ds.query(`CREATE TABLE wal_rows (id INTEGER PRIMARY KEY${kind === 'mysql' ? ' AUTO_INCREMENT' : ''}, n INT)`);
      await ds.query(`INSERT INTO wal_rows (n) VALUES ${Array.from({ length: START_AT_CHANGES + 1 }, (_, i) => `(${i})`).join(', ')}`);
      const checkpointer = new WalCheckpointer(ds);
      checkpointer.onApplicationBootstrap();
      checkpointer.look();
      checkpointer.look();
      expect(checkpointer.running).toBe(false);
      await checkpointer.onModuleDestroy();
    } finally {
      await ds.destroy();
      await db?.drop();
    }
  });
});
