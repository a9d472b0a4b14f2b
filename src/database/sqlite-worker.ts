import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { SQLITE_CONNECTION_PRAGMAS } from './sqlite-pragmas.js';
import { preparedOn, type SqliteConnection, sqliteConnectionOf } from './sqlite-statements.js';
import type { SqlWrite } from './write-rows.js';

/**
 * A write the worker runs: a statement and its values, or one statement run once per line of
 * `lines` (UTF-8, each line a JSON array of its values as stored, ended by a newline): rows handed
 * over as they waited (the audit's queue), never made into objects on the process's thread.
 */
export type OffThreadWrite = SqlWrite | { readonly sql: string; readonly lines: Uint8Array };

/** How often the rows written are looked at, and the worker (while it runs) asked to checkpoint. */
export const LOOK_EVERY_MS = 500;
/** Rows changed between two looks (on either connection) that start the worker: sustained writes (every call's audit row under load). */
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
 * The worker's whole program (CommonJS, run with `eval`): its own connection to the file; per
 * message, a PASSIVE checkpoint or a list of write statements run in one transaction. A string rather
 * than a module of its own, so the same code runs from the bundle, from the modules tsc emitted and
 * under the tests. A PASSIVE checkpoint takes no lock a writer or a reader of the main connection
 * waits for; it copies what no reader still needs. A write takes SQLite's write lock: the process's
 * writes wait for their turn in DbLock meanwhile, as they wait for any other write.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
for (const pragma of ${JSON.stringify(SQLITE_CONNECTION_PRAGMAS)}) db.pragma(pragma);
const statements = new Map();
function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 32) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
const writeAll = db.transaction((list) => {
  let changes = 0;
  for (const { sql, params, lines } of list) {
    if (!lines) {
      changes += prepared(sql).run(...params).changes;
      continue;
    }
    const statement = prepared(sql);
    for (const line of Buffer.from(lines.buffer, lines.byteOffset, lines.byteLength).toString('utf8').split('\\n')) {
      if (line) changes += statement.run(...JSON.parse(line)).changes;
    }
  }
  return changes;
});
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    if (message.write) {
      parentPort.postMessage({ id: message.id, changes: writeAll(message.write) });
      return;
    }
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id: message.id, busy: row.busy, log: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ id: message.id, failed: String((error && error.message) || error), code: error && error.code });
  }
});
parentPort.postMessage('ready');
`;

/**
 * A worker thread with its own connection to the SQLite file, run while writes are sustained, for
 * the work that would otherwise hold every call in flight on the process's one thread:
 *
 * - WAL checkpoints. A checkpoint copies the WAL's pages into the database file and syncs both to
 *   disk: run by the connection itself (SQLite's autocheckpoint, inside the commit that took the WAL
 *   past 1000 pages), it held every call for as long as two fsyncs take (6–10 ms measured; more on a
 *   slow disk), every ~2,400 calls under load. The worker checkpoints every LOOK_EVERY_MS that saw a
 *   write, and the connection's own checkpoint moves back to a backstop (BACKSTOP_CHECKPOINT_PAGES):
 *   a worker that falls behind or dies cannot let the WAL grow without bound.
 * - Bookkeeping writes handed to it (writeOffThread: the audit's batches, ~0.8 ms of the process's
 *   time per 100 rows written there, every few hundred calls under load).
 *
 * It starts once rows are written steadily (START_AT_CHANGES between two looks, counting the rows
 * either connection wrote). A minute without writes stops it (an idle server keeps no thread and no
 * memory for it) and gives the connection its own checkpoints back, as does a worker that fails.
 * MySQL/MariaDB and an in-memory SQLite database: nothing runs.
 */
@Injectable()
export class SqliteWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SqliteWorker');
  private timer: NodeJS.Timeout | undefined;
  private worker: WorkerThread | undefined;
  private lastChanges = 0;
  /** Rows the workers wrote, which the connection's own count does not see. */
  private offThreadChanges = 0;
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
    this.lastChanges = this.changesSoFar(connection);
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
      this.logger.warn(`SQLite worker look failed: ${(error as Error).message}`);
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
   * Runs the statements `statementsOf` makes (only when they are taken) on the worker's connection,
   * in one transaction (all stored or none), and answers the rows they changed; undefined when no
   * worker is ready to (none runs, it is starting or stopping) or a checkpoint is on its way: the
   * caller then runs them on its own connection. Whatever the thread's load: written there, a batch
   * holds the calls that arrive meanwhile, even with one client, whose next call waits for it
   * (docs/design.md, "The audit"); handed over, it costs them the connection's page cache, which
   * SQLite drops at its next read after another connection's commit, once a batch.
   * The caller holds its write turn (DbLock) until the promise settles, so the statements are never
   * queued behind a checkpoint, whose syncs would hold every other write meanwhile (a checkpoint
   * asked for later waits for them instead). It fails as a statement on the connection would, with
   * SQLite's code (SQLITE_BUSY while another process writes, so DbLock's retries apply), or when the
   * thread ends first: the statements may then have been stored or not.
   */
  writeOffThread(statementsOf: () => readonly OffThreadWrite[]): Promise<number> | undefined {
    const worker = this.worker;
    if (!this.takesWrites || !worker) return undefined;
    const statements = statementsOf();
    if (statements.length === 0) return undefined;
    return worker.write(statements).then((changes) => {
      this.offThreadChanges += changes;
      return changes;
    });
  }

  /** Whether writeOffThread would take writes now (a caller can then prepare them for the worker). */
  get takesWrites(): boolean {
    const worker = this.worker;
    return worker !== undefined && worker.ready && !worker.checkpointing;
  }

  /**
   * One look: starts the worker under sustained writes, asks it to checkpoint after writes, stops it
   * after a minute without any. The timer calls it; tests call it directly.
   */
  look(): void {
    const connection = this.connection;
    if (!connection) return;
    const changes = this.changesSoFar(connection);
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

  /** Resolves once the running worker can take writes (tests); false when none runs or it failed first. */
  started(): Promise<boolean> {
    return this.worker ? this.worker.started : Promise.resolve(false);
  }

  /** Resolves with the answer to the checkpoint in flight or the next one (tests). */
  nextResult(): Promise<CheckpointResult> {
    return this.worker ? this.worker.nextResult() : Promise.resolve({ failed: 'no worker runs' });
  }

  /** Rows changed on the connection and by the workers since the connection opened. */
  private changesSoFar(connection: SqliteConnection): number {
    return totalChanges(connection) + this.offThreadChanges;
  }

  private start(connection: SqliteConnection): void {
    const file = sqliteFileOf(this.dataSource)!;
    const worker = new WorkerThread(file, {
      // Answered by the thread, maybe after a shutdown closed the data source: only on an open one.
      ready: () => {
        if (this.worker === worker && this.dataSource.isInitialized) setOwnCheckpoint(connection, BACKSTOP_CHECKPOINT_PAGES);
      },
      failed: (reason) => {
        if (this.worker !== worker) return;
        this.logger.warn(`WAL checkpoints and audit batches run on the connection again: the SQLite worker failed (${reason.slice(0, 200)})`);
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

/** What the thread answers: a checkpoint's row, a write's changes, or why either failed. */
type Answer = { id: number } & ({ busy: number; log: number; checkpointed: number } | { changes: number } | { failed: string; code?: string });

/** A write handed to the thread, until its answer. */
interface PendingWrite {
  resolve: (changes: number) => void;
  reject: (error: Error) => void;
  /** The text of its first statement, which a failure names. */
  first: string;
}

/** The worker thread: one checkpoint at a time, writes in the order handed over, each answered. */
class WorkerThread {
  private readonly thread: Worker;
  private nextId = 0;
  /** The id of the checkpoint asked for and not yet answered; undefined when none is. */
  private checkpointId: number | undefined;
  private again = false;
  private waiting: Array<(result: CheckpointResult) => void> = [];
  private readonly writes = new Map<number, PendingWrite>();
  private closed = false;
  private answeredReady = false;
  private readonly exited: Promise<void>;
  /** Resolves true once the thread's connection is open, false if it ended first. */
  readonly started: Promise<boolean>;
  private markStarted: (ok: boolean) => void = () => undefined;

  constructor(
    file: string,
    private readonly events: { ready: () => void; failed: (reason: string) => void },
  ) {
    this.started = new Promise((resolve) => (this.markStarted = resolve));
    this.thread = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file },
      // A few statements and the audit's batches handed over (up to 1,000 rows, ~350 KiB of lines each): the smallest heap V8 allows is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, codeRangeSizeMb: 2 },
      stdout: true,
      stderr: true,
    });
    // The thread alone never keeps the process alive: an exit ends it, a shutdown closes it.
    this.thread.unref();
    this.exited = new Promise((resolve) => this.thread.once('exit', () => resolve()));
    this.thread.on('message', (message: 'ready' | Answer) => this.answered(message));
    this.thread.on('error', (error: Error) => this.events.failed(error.message));
    this.thread.once('exit', (code) => {
      if (!this.closed) this.events.failed(`it exited with code ${code}`);
      this.markStarted(false);
      this.settle({ failed: 'the worker stopped' });
      for (const pending of this.writes.values()) pending.reject(new Error('the SQLite worker stopped before it answered the write'));
      this.writes.clear();
    });
  }

  /** True once the thread's connection is open and until it is asked to close. */
  get ready(): boolean {
    return this.answeredReady && !this.closed;
  }

  /** True while a checkpoint asked for is not answered yet. */
  get checkpointing(): boolean {
    return this.checkpointId !== undefined;
  }

  /** Asks for a checkpoint; one runs at a time, and asking while one runs asks for one more after it. */
  checkpoint(): void {
    if (this.closed) return;
    if (this.checkpointId !== undefined) {
      this.again = true;
      return;
    }
    this.checkpointId = ++this.nextId;
    this.thread.postMessage({ id: this.checkpointId });
  }

  write(statements: readonly OffThreadWrite[]): Promise<number> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.writes.set(id, { resolve, reject, first: statements[0].sql });
      this.thread.postMessage({ id, write: statements });
    });
  }

  nextResult(): Promise<CheckpointResult> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Closes the worker's connection and ends the thread (ended at once if it does not within a
   * second). Writes handed over before are answered first: the thread takes messages in order.
   */
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

  private answered(message: 'ready' | Answer): void {
    if (message === 'ready') {
      this.answeredReady = true;
      this.markStarted(true);
      if (!this.closed) this.events.ready();
      return;
    }
    const write = this.writes.get(message.id);
    if (write) {
      this.writes.delete(message.id);
      if ('changes' in message) write.resolve(message.changes);
      else if ('failed' in message) write.reject(new QueryFailedError(write.first, [], Object.assign(new Error(message.failed), { code: message.code })));
      return;
    }
    if (message.id !== this.checkpointId) return;
    this.checkpointId = undefined;
    if ('failed' in message) this.settle({ failed: message.failed });
    else if ('log' in message) this.settle({ busy: message.busy, log: message.log, checkpointed: message.checkpointed });
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
