import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedOn, type SqliteConnection, sqliteConnectionOf } from './sqlite-statements.js';

/** How often the rows written are looked at, and the worker (while it runs) asked to checkpoint. */
export const LOOK_EVERY_MS = 500;
/** Rows changed between two looks that start the worker: sustained writes (every call's audit row under load). */
export const START_AT_CHANGES = 200;
/** Looks in a row without a change after which the worker stops and its memory is returned (a minute). */
export const IDLE_LOOKS_TO_STOP = 120;
/** After a worker failed, looks before another is started (five minutes): a file it cannot open stays so a while. */
export const LOOKS_AFTER_FAILURE = 600;
/** SQLite's default: the connection checkpoints itself once the WAL holds this many pages. */
export const OWN_CHECKPOINT_PAGES = 1000;
/** While the worker runs, the connection checkpoints itself only if the worker falls this far behind (~40 MB of WAL). */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/** What the worker answers to a checkpoint (SQLite's `PRAGMA wal_checkpoint` row), or why it failed. */
export type CheckpointResult = { busy: number; log: number; checkpointed: number } | { failed: string };

/**
 * The worker's whole program (CommonJS, run with `eval`): its own connection to the file, a PASSIVE
 * checkpoint per message. A string rather than a module of its own, so the same code runs from the
 * bundle, from the modules tsc emitted and under the tests. A PASSIVE checkpoint takes no lock a
 * writer or a reader of the main connection waits for; it copies what no reader still needs.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ busy: row.busy, log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ failed: String((error && error.message) || error) });
  }
});
parentPort.postMessage('ready');
`;

/**
 * Moves SQLite's WAL checkpoints off the process's one thread while writes are sustained. A
 * checkpoint copies the WAL's pages into the database file and syncs both to disk: run by the
 * connection itself (SQLite's autocheckpoint, inside the commit that took the WAL past 1000 pages),
 * it held every call in flight for as long as two fsyncs take (6–10 ms measured; more on a slow
 * disk), every ~2,400 calls under load, since every call writes its audit row.
 *
 * While rows are written steadily (START_AT_CHANGES between two looks), a worker thread with its own
 * connection checkpoints every LOOK_EVERY_MS that saw a write, and the connection's own checkpoint
 * moves back to a backstop (BACKSTOP_CHECKPOINT_PAGES): a worker that falls behind or dies cannot let
 * the WAL grow without bound. A minute without writes stops the worker (an idle server keeps no
 * thread and no memory for it) and gives the connection its own checkpoints back, as does a worker
 * that fails. MySQL/MariaDB and an in-memory SQLite database: nothing runs.
 */
@Injectable()
export class WalCheckpointer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WalCheckpointer');
  private timer: NodeJS.Timeout | undefined;
  private worker: CheckpointWorker | undefined;
  private lastChanges = 0;
  private idleLooks = 0;
  private waitLooks = 0;
  /** The last worker's closing: done once its connection is closed and its thread has ended. */
  private closing: Promise<void> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  /** The file-backed SQLite connection this works for; undefined when there is none. */
  private get connection(): SqliteConnection | undefined {
    if (!this.dataSource.isInitialized) return undefined;
    const file = sqliteFileOf(this.dataSource);
    return file === undefined ? undefined : sqliteConnectionOf(this.dataSource);
  }

  onApplicationBootstrap(): void {
    const connection = this.connection;
    if (!connection) return;
    this.lastChanges = totalChanges(connection);
    this.timer = setInterval(() => this.lookOrWarn(), LOOK_EVERY_MS);
    this.timer.unref();
  }

  /**
   * The timer's look. A failure (the connection closing under it, a thread that cannot start) is
   * logged: thrown out of a timer, it would end the process.
   */
  private lookOrWarn(): void {
    try {
      this.look();
    } catch (error) {
      this.logger.warn(`WAL checkpoint look failed: ${(error as Error).message}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.stop();
  }

  /** True while a worker runs (started and not yet stopped). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /**
   * One look: starts the worker under sustained writes, asks it to checkpoint after writes, stops it
   * after a minute without any. The timer calls it; tests call it directly.
   */
  look(): void {
    const connection = this.connection;
    if (!connection) return;
    const changes = totalChanges(connection);
    const written = changes - this.lastChanges;
    this.lastChanges = changes;
    if (this.worker) {
      if (written > 0) {
        this.idleLooks = 0;
        this.worker.checkpoint();
      } else if (++this.idleLooks >= IDLE_LOOKS_TO_STOP) void this.stop();
      return;
    }
    if (this.waitLooks > 0) this.waitLooks--;
    else if (written >= START_AT_CHANGES) this.start(connection);
  }

  /** Resolves once the last worker stopped (tests). */
  stopped(): Promise<void> {
    return this.closing;
  }

  /** Resolves with the answer to the checkpoint in flight or the next one (tests). */
  nextResult(): Promise<CheckpointResult> {
    return this.worker ? this.worker.nextResult() : Promise.resolve({ failed: 'no worker runs' });
  }

  private start(connection: SqliteConnection): void {
    const file = sqliteFileOf(this.dataSource)!;
    const worker = new CheckpointWorker(file, {
      // Answered by the thread, maybe after a shutdown closed the data source: only on an open one.
      ready: () => {
        if (this.worker === worker && this.dataSource.isInitialized) setOwnCheckpoint(connection, BACKSTOP_CHECKPOINT_PAGES);
      },
      failed: (reason) => {
        if (this.worker !== worker) return;
        this.logger.warn(`WAL checkpoints run on the connection again: the checkpoint worker failed (${reason.slice(0, 200)})`);
        this.worker = undefined;
        this.waitLooks = LOOKS_AFTER_FAILURE;
        if (this.dataSource.isInitialized) setOwnCheckpoint(connection, OWN_CHECKPOINT_PAGES);
        this.closing = worker.close();
      },
    });
    this.worker = worker;
    this.idleLooks = 0;
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const connection = this.connection;
    if (connection) setOwnCheckpoint(connection, OWN_CHECKPOINT_PAGES);
    this.closing = worker.close();
    await this.closing;
  }
}

/** The worker thread and its one checkpoint at a time. */
class CheckpointWorker {
  private readonly thread: Worker;
  private asked = false;
  private again = false;
  private waiting: Array<(result: CheckpointResult) => void> = [];
  private closed = false;
  private readonly exited: Promise<void>;

  constructor(
    file: string,
    private readonly events: { ready: () => void; failed: (reason: string) => void },
  ) {
    this.thread = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file },
      // A few statements and no data of its own: the smallest heap V8 allows is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, codeRangeSizeMb: 2 },
      stdout: true,
      stderr: true,
    });
    // The thread alone never keeps the process alive: an exit ends it, a shutdown closes it.
    this.thread.unref();
    this.exited = new Promise((resolve) => this.thread.once('exit', () => resolve()));
    this.thread.on('message', (message: 'ready' | CheckpointResult) => this.answered(message));
    this.thread.on('error', (error: Error) => this.events.failed(error.message));
    this.thread.once('exit', (code) => {
      if (!this.closed) this.events.failed(`it exited with code ${code}`);
      this.settle({ failed: 'the worker stopped' });
    });
  }

  /** Asks for a checkpoint; one runs at a time, and asking while one runs asks for one more after it. */
  checkpoint(): void {
    if (this.closed) return;
    if (this.asked) {
      this.again = true;
      return;
    }
    this.asked = true;
    this.thread.postMessage('checkpoint');
  }

  nextResult(): Promise<CheckpointResult> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Closes the worker's connection and ends the thread (ended at once if it does not within a second). */
  async close(): Promise<void> {
    if (this.closed) return this.exited;
    this.closed = true;
    // Held open until the thread ends: a shutdown awaiting this must not find the loop empty and exit
    // before its later steps (the audit's last batch) have run.
    this.thread.ref();
    this.thread.postMessage('close');
    const timer = setTimeout(() => void this.thread.terminate(), 1000);
    await this.exited;
    clearTimeout(timer);
  }

  private answered(message: 'ready' | CheckpointResult): void {
    if (message === 'ready') {
      if (!this.closed) this.events.ready();
      return;
    }
    this.asked = false;
    this.settle(message);
    if (this.again && !this.closed) {
      this.again = false;
      this.checkpoint();
    }
  }

  private settle(result: CheckpointResult): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve(result);
  }
}

/** The database file of a SQLite data source; undefined for MySQL/MariaDB and an in-memory database. */
function sqliteFileOf(dataSource: DataSource): string | undefined {
  if (dataSource.options.type !== 'better-sqlite3') return undefined;
  const file = dataSource.options.database;
  return typeof file === 'string' && file !== '' && file !== ':memory:' ? file : undefined;
}

/** Rows inserted, changed or deleted on the connection since it opened: no table is read, no lock taken. */
function totalChanges(connection: SqliteConnection): number {
  const [row] = preparedOn(connection, 'SELECT total_changes() AS n').all() as Array<{ n: number }>;
  return row.n;
}

/** From how many WAL pages the connection checkpoints on its own, in the commit that reaches them. */
function setOwnCheckpoint(connection: SqliteConnection, pages: number): void {
  preparedOn(connection, `PRAGMA wal_autocheckpoint = ${pages}`).all();
}
