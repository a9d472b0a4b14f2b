import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Embedded SQLite runs every query on one connection, so two interleaved transactions would share
 * it (one's rollback undoing the other's work) and a statement issued during another call's
 * transaction would join it. Every write therefore takes this lock on SQLite; on MySQL/MariaDB each
 * transaction has its own pooled connection and the lock is a pass-through.
 * Code holding the lock must not take it again (it is not reentrant).
 */
@Injectable()
export class DbLock {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly serialize: boolean;

  constructor(dataSource: DataSource) {
    this.serialize = dataSource.options.type === 'better-sqlite3';
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (!this.serialize) return work();
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
