import { randomUUID } from 'node:crypto';
import { watch } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { DataSource, QueryFailedError } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import {
  BACKSTOP_CHECKPOINT_PAGES,
  IDLE_LOOKS_TO_STOP,
  LOOKS_AFTER_FAILURE,
  OWN_CHECKPOINT_PAGES,
  SqliteWorker,
  START_AT_CHANGES,
} from '../../src/database/sqlite-worker.js';
import type { SqlWrite } from '../../src/database/write-rows.js';
import { isSqliteBusy } from '../../src/envelope/error-mapping.js';
import { createTestDatabase, DATABASES, type TestDatabase } from '../support/databases.js';

/** SQLite's WAL checkpoints and handed-over writes, off the process's thread while writes are sustained. */
describe('SqliteWorker', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let sqliteWorker: SqliteWorker;

  const autocheckpoint = async () => ((await ds.query('PRAGMA wal_autocheckpoint')) as Array<{ wal_autocheckpoint: number }>)[0].wal_autocheckpoint;
  const write = async (rows: number) => {
    const values = Array.from({ length: rows }, (_, i) => `(${i}, '${'x'.repeat(200)}')`).join(', ');
    await ds.query(`INSERT INTO wal_rows (n, text) VALUES ${values}`);
  };

  /** Sustained writes start the worker; one more write, one more look: its first checkpoint is done. */
  const startedAndCheckpointed = async () => {
    await write(START_AT_CHANGES);
    sqliteWorker.look();
    await write(1);
    const first = sqliteWorker.nextResult();
    sqliteWorker.look();
    return first;
  };
  /** The running worker's thread (a test of how it ends reaches it). */
  const threadOf = () => (sqliteWorker as unknown as { worker: { thread: Worker } }).worker.thread;

  beforeEach(async () => {
    db = await createTestDatabase('sqlite');
    ds = await new DataSource(dataSourceOptions({ type: 'sqlite', path: db.url.slice('sqlite:'.length) }, { poolSize: 1, timeoutMs: 5000 })).initialize();
    await ds.query('CREATE TABLE wal_rows (id INTEGER PRIMARY KEY, n INT, text TEXT)');
    sqliteWorker = new SqliteWorker(ds);
  });
  afterEach(async () => {
    await sqliteWorker.onModuleDestroy();
    await ds.destroy();
    await db.drop();
  });

  it('checkpoints in a worker under sustained writes, the connection checkpointing itself only as a backstop meanwhile', async () => {
    expect(await autocheckpoint()).toBe(OWN_CHECKPOINT_PAGES);
    sqliteWorker.look();
    await write(START_AT_CHANGES - 1);
    sqliteWorker.look();
    expect(sqliteWorker.running).toBe(false);

    await write(START_AT_CHANGES);
    sqliteWorker.look();
    expect(sqliteWorker.running).toBe(true);
    await write(50);
    const answered = sqliteWorker.nextResult();
    sqliteWorker.look();
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
    for (let i = 0; i < IDLE_LOOKS_TO_STOP - 1; i++) sqliteWorker.look();
    expect(sqliteWorker.running).toBe(true);
    sqliteWorker.look();
    expect(sqliteWorker.running).toBe(false);
    await sqliteWorker.stopped();
    expect(await autocheckpoint()).toBe(OWN_CHECKPOINT_PAGES);
    // Writes again: a new worker.
    await write(START_AT_CHANGES);
    sqliteWorker.look();
    expect(sqliteWorker.running).toBe(true);
  });

  it('gives the connection its own checkpoints back when the worker dies, and waits before starting another', async () => {
    await startedAndCheckpointed();
    expect(await autocheckpoint()).toBe(BACKSTOP_CHECKPOINT_PAGES);
    await threadOf().terminate();
    await sqliteWorker.stopped();
    expect(sqliteWorker.running).toBe(false);
    expect(await autocheckpoint()).toBe(OWN_CHECKPOINT_PAGES);
    for (let i = 0; i < LOOKS_AFTER_FAILURE; i++) {
      await write(START_AT_CHANGES);
      sqliteWorker.look();
      expect(sqliteWorker.running).toBe(false);
    }
    await write(START_AT_CHANGES);
    sqliteWorker.look();
    expect(sqliteWorker.running).toBe(true);
  });

  it('logs a look that fails instead of throwing it out of the timer (which would end the process)', () => {
    const look = jest.spyOn(sqliteWorker, 'look').mockImplementation(() => {
      throw new Error('the connection is not open');
    });
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      expect(() => (sqliteWorker as unknown as { lookOrWarn(): void }).lookOrWarn()).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('the connection is not open'));
    } finally {
      look.mockRestore();
      warn.mockRestore();
    }
  });

  /** A row of wal_rows the worker's connection inserts. */
  const offThread = (n: number): SqlWrite => ({ sql: 'INSERT INTO wal_rows (n, text) VALUES (?, ?)', params: [n, 'off'] });
  const offThreadRows = async () => ((await ds.query("SELECT n FROM wal_rows WHERE text = 'off' ORDER BY id")) as Array<{ n: number }>).map((row) => row.n);
  const ownChanges = async () => ((await ds.query('SELECT total_changes() AS n')) as Array<{ n: number }>)[0].n;

  it('runs writes handed to it on its own connection, in one transaction, and counts their rows as writes', async () => {
    expect(sqliteWorker.writeOffThread(() => [offThread(0)])).toBeUndefined();
    await startedAndCheckpointed();
    expect(await sqliteWorker.started()).toBe(true);
    const before = await ownChanges();
    await expect(sqliteWorker.writeOffThread(() => [offThread(1), offThread(2), offThread(3)])).resolves.toBe(3);
    expect(await offThreadRows()).toEqual([1, 2, 3]);
    // Not one of them went through the process's connection.
    expect(await ownChanges()).toBe(before);
    // A minute of looks that saw only the worker's writes: they are writes, and it keeps running.
    for (let i = 0; i < IDLE_LOOKS_TO_STOP; i++) {
      await expect(sqliteWorker.writeOffThread(() => [offThread(10 + i)])).resolves.toBe(1);
      const answered = sqliteWorker.nextResult();
      sqliteWorker.look();
      await answered;
    }
    expect(sqliteWorker.running).toBe(true);
  });

  it("keeps a batch's statement journal in memory, as the process's connection keeps its temporary data: no temporary file", async () => {
    await startedAndCheckpointed();
    // A statement of a transaction that may fail partway (NOT NULL, as the audit's columns) keeps a
    // journal to undo it alone: the pages it changes that the transaction had changed before it, here
    // an index of random keys (an audit batch's request ids). Past 64 KiB, SQLite spills that journal
    // to a file it creates and unlinks in its temporary directory.
    await ds.query('CREATE TABLE journal_rows (id INTEGER PRIMARY KEY, n INT NOT NULL, text TEXT NOT NULL)');
    await ds.query('CREATE INDEX journal_rows_text ON journal_rows (text)');
    const randomText = (i: number) => `${randomUUID()}${'y'.repeat(100)}${i}`;
    const rows = 300;
    const values = (count: number) => Array.from({ length: count }, () => '(?, ?)').join(', ');
    for (let part = 0; part < 10; part++)
      await ds.query(`INSERT INTO journal_rows (n, text) VALUES ${values(rows)}`, Array.from({ length: rows }, (_, i) => [i, randomText(i)]).flat());
    const insert: SqlWrite = {
      sql: `INSERT INTO journal_rows (n, text) VALUES ${values(rows)}`,
      params: Array.from({ length: rows }, (_, i) => [i, randomText(i)]).flat(),
    };
    const temporaryDirectory = process.env.SQLITE_TMPDIR ?? process.env.TMPDIR ?? '/var/tmp';
    const created: string[] = [];
    const watcher = watch(temporaryDirectory, (_event, name) => {
      if (name?.startsWith('etilqs_')) created.push(name);
    });
    try {
      await expect(sqliteWorker.writeOffThread(() => [insert, insert])).resolves.toBe(2 * rows);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      watcher.close();
    }
    expect(created).toEqual([]);
  });

  it("takes the writes handed to it whatever the process's thread is doing: idle between calls too", async () => {
    await startedAndCheckpointed();
    // A look over a thread that mostly waited (one client's calls leave it so between them): a batch
    // written on the connection would hold that client's next call; the worker takes it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    sqliteWorker.look();
    await expect(sqliteWorker.writeOffThread(() => [offThread(1)])).resolves.toBe(1);
    expect(sqliteWorker.takesWrites).toBe(true);
    expect(await offThreadRows()).toEqual([1]);
  });

  it('takes no write while a checkpoint is on its way (the caller writes it on its own connection), and takes them again after', async () => {
    await startedAndCheckpointed();
    await write(1);
    const answered = sqliteWorker.nextResult();
    sqliteWorker.look();
    expect(sqliteWorker.writeOffThread(() => [offThread(1)])).toBeUndefined();
    await answered;
    await expect(sqliteWorker.writeOffThread(() => [offThread(2)])).resolves.toBe(1);
    expect(await offThreadRows()).toEqual([2]);
  });

  it("stores none of a write whose statement fails, failing with SQLite's code (busy while another connection writes), and goes on", async () => {
    await startedAndCheckpointed();
    const duplicate: SqlWrite = { sql: 'INSERT INTO wal_rows (id, n, text) VALUES (?, ?, ?)', params: [900_001, 1, 'off'] };
    const refused = await sqliteWorker.writeOffThread(() => [offThread(1), duplicate, duplicate])!.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueryFailedError);
    expect(refused).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) as string });
    expect(await offThreadRows()).toEqual([]);

    const other = new Database(db.url.slice('sqlite:'.length));
    try {
      other.exec('BEGIN IMMEDIATE');
      const busy = await sqliteWorker.writeOffThread(() => [offThread(2)])!.catch((error: unknown) => error);
      expect(isSqliteBusy(busy)).toBe(true);
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect(sqliteWorker.running).toBe(true);
    await expect(sqliteWorker.writeOffThread(() => [offThread(3)])).resolves.toBe(1);
    expect(await offThreadRows()).toEqual([3]);
  });

  it('answers the writes handed over before a shutdown, and takes none after the thread ended', async () => {
    await startedAndCheckpointed();
    const handed = sqliteWorker.writeOffThread(() => [offThread(1), offThread(2)]);
    await sqliteWorker.onModuleDestroy();
    await expect(handed).resolves.toBe(2);
    expect(await offThreadRows()).toEqual([1, 2]);
    expect(sqliteWorker.writeOffThread(() => [offThread(3)])).toBeUndefined();

    await write(START_AT_CHANGES);
    sqliteWorker.look();
    expect(await sqliteWorker.started()).toBe(true);
    await threadOf().terminate();
    await sqliteWorker.stopped();
    expect(sqliteWorker.writeOffThread(() => [offThread(4)])).toBeUndefined();
  });

  it('closes the worker and its connection on shutdown', async () => {
    await write(START_AT_CHANGES);
    sqliteWorker.look();
    const thread = threadOf();
    const exited = new Promise<number>((resolve) => thread.once('exit', resolve));
    await sqliteWorker.onModuleDestroy();
    expect(sqliteWorker.running).toBe(false);
    expect(await exited).toBe(0);
  });
});

describe.each(DATABASES)('SqliteWorker where there is no WAL file (%s)', (kind) => {
  it('runs nothing', async () => {
    const db = kind === 'sqlite' ? undefined : await createTestDatabase(kind);
    const target = db ? { type: 'mysql' as const, url: db.url, database: new URL(db.url).pathname.slice(1) } : { type: 'sqlite' as const, path: ':memory:' };
    const ds = await new DataSource(dataSourceOptions(target, { poolSize: 2, timeoutMs: 5000 })).initialize();
    try {
      await ds.query(`CREATE TABLE wal_rows (id INTEGER PRIMARY KEY${kind === 'mysql' ? ' AUTO_INCREMENT' : ''}, n INT)`);
      await ds.query(`INSERT INTO wal_rows (n) VALUES ${Array.from({ length: START_AT_CHANGES + 1 }, (_, i) => `(${i})`).join(', ')}`);
      const sqliteWorker = new SqliteWorker(ds);
      sqliteWorker.onApplicationBootstrap();
      sqliteWorker.look();
      sqliteWorker.look();
      expect(sqliteWorker.running).toBe(false);
      expect(sqliteWorker.writeOffThread(() => [{ sql: 'INSERT INTO wal_rows (n) VALUES (?)', params: [1] }])).toBeUndefined();
      await sqliteWorker.onModuleDestroy();
    } finally {
      await ds.destroy();
      await db?.drop();
    }
  });
});
