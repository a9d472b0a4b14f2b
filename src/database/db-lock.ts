import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { isDeadlockVictim, isSqliteBusy, unavailable } from '../envelope/error-mapping.js';
import { Gate, GateTimeoutError } from './gate.js';
import { sqliteTransaction } from './sqlite-transaction.js';

/**
 * Admission of writes, so that waiting writes can neither corrupt each other nor starve reads.
 *
 * SQLite: every query runs on one connection, so two interleaved transactions would share it (one's
 * rollback undoing the other's work) and a statement issued during another call's transaction would
 * join it. Every write therefore goes through one gate, one at a time. A write that finds the file
 * locked by another process is tried again, with pauses, until its deadline: SQLite's own busy
 * timeout would wait inside the statement, blocking the whole process (every other call) meanwhile.
 *
 * MySQL/MariaDB: each transaction has its own pooled connection, and holds it until it ends. If
 * writes stall (a locked table), they must not hold every connection of the pool, or reads of
 * untouched tables wait too: write transactions get at most half the pool. Single-statement writes
 * (session and token bookkeeping, audit batches) hold a connection for one statement and pass freely.
 * A transaction the server rolls back to break a deadlock is run again, with pauses, until its
 * deadline, as the server asks: two concurrent writes that cross each other's rows both land, or
 * the later one meets what the earlier one committed (a conflict), instead of failing as busy.
 *
 * A write gets its turn within DB_TIMEOUT_MS of `since` (the start of its call, which callers pass),
 * or is UNAVAILABLE (retryable): a call that already waited that long (behind a SQLite statement
 * blocked on the file lock, say) fails at once instead of adding its own wait. Without `since`
 * (work outside calls), the wait counts from now.
 * Code holding a turn must not ask for another (the gate is not reentrant).
 */
@Injectable()
export class DbLock {
  private readonly statements: Gate | null;
  private readonly transactions: Gate;
  private readonly waitMs: number;
  private readonly sqlite: boolean;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    const sqlite = dataSource.options.type === 'better-sqlite3';
    this.sqlite = sqlite;
    this.transactions = new Gate(sqlite ? 1 : writeSlots(config.dbPoolSize));
    this.statements = sqlite ? this.transactions : null;
    this.waitMs = config.dbTimeoutMs;
  }

  /** Write transactions waiting for their turn (metrics). */
  get waiting(): number {
    return this.transactions.load.waiting;
  }

  /** A single-statement write. */
  exclusive<T>(work: () => Promise<T>, since?: number): Promise<T> {
    return this.statements ? this.admitted(this.statements, work, since) : work();
  }

  /** A write transaction (committed when `work` resolves, rolled back when it throws). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>, since?: number): Promise<T> {
    const transaction = this.sqlite ? () => sqliteTransaction(this.dataSource, work) : () => this.dataSource.transaction(work);
    return this.admitted(this.transactions, transaction, since);
  }

  private async admitted<T>(gate: Gate, work: () => Promise<T>, since = performance.now()): Promise<T> {
    const deadline = since + this.waitMs;
    try {
      return await gate.run(() => runAgainWhile(this.sqlite ? isSqliteBusy : isDeadlockVictim, work, deadline), deadline);
    } catch (error) {
      if (error instanceof GateTimeoutError) throw unavailable('The database is busy with other writes right now. Retry in a few seconds.');
      throw error;
    }
  }
}

const BUSY_FIRST_PAUSE_MS = 5;
const BUSY_MAX_PAUSE_MS = 100;

/** Write transactions a pool of `poolSize` connections may hold at once: half of it, at least one. */
export function writeSlots(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 2));
}

/**
 * Runs `work` again while it fails in a way a new try may not (`passing`: SQLite's file busy; the
 * transaction a MySQL/MariaDB server rolled back to break a deadlock, which it asks the client to
 * run again), pausing longer each time, until `deadline`. The work is a whole transaction (or one
 * statement): nothing of a failed try was kept.
 */
async function runAgainWhile<T>(passing: (error: unknown) => boolean, work: () => Promise<T>, deadline: number): Promise<T> {
  for (let pause = BUSY_FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, BUSY_MAX_PAUSE_MS)) {
    try {
      return await work();
    } catch (error) {
      if (!passing(error) || performance.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
