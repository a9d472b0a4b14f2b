import { Injectable, Logger, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RateLimitedError } from '../auth/call-limits.js';
import { DbLock } from '../database/db-lock.js';
import { SqliteWorker } from '../database/sqlite-worker.js';
import type { DeskError } from '../envelope/desk-error.js';
import { CallObserver } from '../observe/call-observer.js';
import { Metrics } from '../observe/metrics.js';
import { step } from '../observe/tracing.js';
import { afterAnswers } from '../observe/turn-end.js';
import type { CallTrace } from '../tools/call.js';
import type { AuditEntry } from './audit-entry.js';
import { auditEntryOfValues, auditEntryValues, auditPartSize, auditRowSql, insertAuditRows } from './audit-rows.js';
import { PackedQueue } from './packed-queue.js';
import { RateLimitedTally } from './rate-limited-tally.js';

export type { AuditEntry } from './audit-entry.js';

export interface AuditExtra {
  changes?: unknown;
  message?: string;
}

/** The entry of a call that ends now with `outcome`. */
function entryOf(call: CallTrace, outcome: string, extra: AuditExtra): AuditEntry {
  return {
    at: new Date(),
    users_id: call.principal?.userId ?? null,
    token_id: call.principal?.tokenId ?? null,
    session_id: call.sessionId,
    request_id: call.requestId,
    transport: call.transport,
    tool: call.tool,
    route: call.route,
    domain: call.domain,
    outcome,
    duration_ms: Math.max(0, Math.round(performance.now() - call.startedAt)),
    changes: extra.changes === undefined ? null : JSON.stringify(extra.changes),
    message: extra.message ?? null,
  };
}

/**
 * How long an entry waits for its batch: whatever the pace, a batch every 200 ms. Under load a batch
 * is a transaction of the SQLite worker's, and each of its commits makes the process's connection
 * read its pages again and wakes a thread on the cores the calls share: one client's calls, ~2,500
 * a second, ran faster and with a shorter tail with five batches a second than with a batch every
 * 200 entries (docs/design.md, "The audit").
 */
const FLUSH_EVERY_MS = 200;
/**
 * Entries a batch takes at most, and how many start one before its 200 ms: the longest the
 * process's own writes wait behind a batch in the write turn (~12 ms on the worker).
 */
export const FLUSH_AT = 1000;
const MAX_BUFFERED = 10_000;

/**
 * The audit log. Entries are buffered and written in batches off the request path, so bookkeeping
 * does not sit on every call's latency; `flush()` writes what is pending (admin reads, shutdown).
 * SQLite runs statements in this process: a batch goes in a few statements (audit-rows.ts) with the
 * event loop free between them, so calls in flight wait for one statement at most, not the batch;
 * under sustained load that keeps the process's thread busy they run on the SQLite worker thread's
 * connection, and calls wait for none.
 * A committed write is the exception: its entry is written in its own transaction (recordWithin).
 */
@Injectable()
export class AuditService implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Audit');
  /** Entries not yet written, kept as text outside the heap (packed-queue.ts): they wait tens of milliseconds under load. */
  private readonly buffer = new PackedQueue<AuditEntry>(auditEntryValues, auditEntryOfValues);
  private timer: NodeJS.Timeout | null = null;
  /** A full batch asked for a write that has not started yet. */
  private batchAsked = false;
  private flushing: Promise<void> = Promise.resolve();
  private readonly rateLimited = new RateLimitedTally((entry) => this.record(entry));

  /** Entries of calls that ended this turn, buffered at its end (recordCall). */
  private readonly endedThisTurn: AuditEntry[] = [];
  /** When the oldest entry now buffered was queued (performance.now()); null when the buffer is empty. */
  private oldestSince: number | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly lock: DbLock,
    private readonly observer: CallObserver,
    private readonly metrics: Metrics,
    private readonly sqliteWorker: SqliteWorker,
  ) {
    metrics.sample('audit_buffer', () => this.buffer.length);
  }

  /**
   * Records one call's outcome (`outcome` is 'success' or an error code), as it is now: the entry
   * is buffered once the turn's answers are written (turn-end.ts), off the answer's latency.
   */
  recordCall(call: CallTrace, outcome: string, extra: AuditExtra = {}): void {
    if (this.endedThisTurn.push(entryOf(call, outcome, extra)) === 1) afterAnswers(this.bufferEnded);
    this.observer.ended(call, outcome);
  }

  /** Buffers the entries of the calls that ended this turn. */
  private readonly bufferEnded = (): void => {
    for (const entry of this.endedThisTurn.splice(0)) this.record(entry);
  };

  /** How long the oldest unwritten entry has waited (ms), and how many wait: readiness reads it. */
  backlog(): { entries: number; oldestMs: number } {
    return { entries: this.buffer.length, oldestMs: this.oldestSince === null ? 0 : performance.now() - this.oldestSince };
  }

  /**
   * Writes one call's entry now, with `manager`: inside a write's transaction, the entry commits
   * with the write or not at all, so a crash cannot lose the record of a committed change.
   */
  async recordWithin(manager: EntityManager, call: CallTrace, outcome: string, extra: AuditExtra = {}): Promise<void> {
    await step(call, 'audit', () => insertAuditRows(manager, [entryOf(call, outcome, extra)]));
    this.observer.ended(call, outcome);
  }

  /** Records a refused call: one entry each, except RATE_LIMITED past a budget, tallied per budget and window. */
  recordRefusal(call: CallTrace, error: DeskError): void {
    if (error instanceof RateLimitedError) {
      this.observer.ended(call, error.code);
      this.rateLimited.add(call, error.spent);
    } else this.recordCall(call, error.code, { message: error.message });
  }

  record(entry: AuditEntry): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.logger.warn('audit buffer full; dropping the oldest entry');
      this.buffer.take(1);
    }
    this.buffer.push(entry);
    this.oldestSince ??= performance.now();
    if (this.buffer.length >= FLUSH_AT) {
      // One write asked for at a time: until it starts, later entries join the batch it takes. A
      // batch is written over several turns of the event loop; a write per entry recorded meanwhile
      // would queue hundreds.
      if (!this.batchAsked) {
        this.batchAsked = true;
        void this.writeBuffered();
      }
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.writeBuffered(), FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Writes every pending entry; resolves when they are stored (or failed and were re-queued). */
  flush(): Promise<void> {
    // RATE_LIMITED tallies are written when their window ends; a flush (admin read, shutdown) writes them early.
    this.rateLimited.drain();
    this.bufferEnded();
    return this.writeBuffered();
  }

  private writeBuffered(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.batchAsked = false;
    // What is pending now. Entries recorded while it is written wait for their own turn (a full batch,
    // or the timer record() sets): chasing them would write a few at a time, each write a commit.
    let due = this.buffer.length;
    while (due > 0 && this.buffer.length > 0) {
      const size = Math.min(due, FLUSH_AT);
      due -= size;
      if (!(await this.writeBatch(size))) return;
      // What is left was queued after the batch that just went: its wait starts from now at the latest.
      this.oldestSince = this.buffer.length > 0 ? performance.now() : null;
    }
  }

  /**
   * Writes the next `size` entries; false when a write failed, what was not stored then queued again
   * and a retry set. On SQLite while the worker thread runs and takes writes: the entries' lines as
   * they waited, all of them in one transaction on its connection, the process's thread spared even
   * making them into rows (its writes wait in DbLock as for any write).
   * A commit there also makes the process's connection drop its page cache at its next read, so one
   * per batch. Otherwise on the connection, one part (auditPartSize) a turn of the event loop: calls
   * that arrived meanwhile run between two parts, so a batch holds them up one part at most.
   */
  private async writeBatch(size: number): Promise<boolean> {
    let unstored = (): AuditEntry[] => [];
    try {
      let batch: AuditEntry[];
      if (this.sqliteWorker.takesWrites) {
        const lines = this.buffer.takeLines(size);
        unstored = () => this.buffer.itemsOf(lines);
        const sql = auditRowSql(this.dataSource.manager);
        const handed = await this.lock.exclusive(() => this.sqliteWorker.writeOffThread(() => [{ sql, lines }]) ?? Promise.resolve(undefined));
        if (handed !== undefined) return true;
        // The worker stopped taking writes meanwhile (a checkpoint, a stop): the connection writes them.
        batch = this.buffer.itemsOf(lines);
      } else batch = this.buffer.take(size);
      let written = 0;
      unstored = () => batch.slice(written);
      while (written < batch.length) {
        if (written > 0) await nextTurn();
        const part = batch.slice(written, written + auditPartSize(this.dataSource));
        await this.lock.exclusive(() => insertAuditRows(this.dataSource.manager, part));
        written += part.length;
      }
      return true;
    } catch (error) {
      this.metrics.auditWriteFailures.inc();
      // Keep what was not stored for the next attempt (the database may be briefly away); give up on shutdown.
      this.buffer.unshift(unstored().slice(0, MAX_BUFFERED - this.buffer.length));
      this.logger.warn(`audit write failed (${(error as Error).message?.slice(0, 120)}); will retry`);
      if (!this.timer && this.dataSource.isInitialized) {
        this.timer = setTimeout(() => void this.writeBuffered(), 2000);
        this.timer.unref();
      }
      return false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.dataSource.isInitialized) await this.flush();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Resolves once the event loop has taken its next turn (I/O, timers, other calls' work). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
