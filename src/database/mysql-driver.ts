import { createRequire } from 'node:module';
import { Logger } from '@nestjs/common';
import type { Pool, PoolConnection, PoolOptions } from 'mysql2';

/** The MySQL client, loaded when the first pool is made: a process on SQLite never pays for it. */
const requireMysql = (): typeof import('mysql2') => createRequire(import.meta.url)('mysql2') as typeof import('mysql2');

type Acquired = (error: NodeJS.ErrnoException | null, connection: PoolConnection) => void;

/**
 * The per-connection settings of a call, one statement: the planner's (PLANNER_SETTINGS), and the
 * limits of a stalled database, in whole seconds where the server wants them.
 * MySQL and MariaDB: row lock waits (innodb_lock_wait_timeout) and table/metadata lock waits, such as
 * behind LOCK TABLES (lock_wait_timeout). MariaDB also: any statement, writes included
 * (max_statement_time, fractional; the executable comment is skipped by MySQL, whose
 * max_execution_time covers SELECTs only).
 */
export function sessionLimitsSql(timeoutMs: number): string {
  const lockWait = Math.max(1, Math.ceil(timeoutMs / 1000));
  const statement = (timeoutMs / 1000).toFixed(3);
  return `SET SESSION ${PLANNER_SETTINGS}, innodb_lock_wait_timeout = ${lockWait}, lock_wait_timeout = ${lockWait} /*M!100108 , max_statement_time = ${statement} */`;
}

/**
 * How the product's connections plan. No index-merge intersection: for a page under a common
 * filter (`status = 2`, ~43k of a million tickets) MariaDB intersected two indexes of `status`,
 * read every match and sorted them (1.1 s), where walking the sort's index stops after a page of
 * matches (~600 rows, 1.5 ms). Without intersections it still picks a filter's own index when the
 * filter is rare: the choice between them stays the planner's, by its estimates. MySQL has the same
 * switch.
 */
export const PLANNER_SETTINGS = `optimizer_switch = 'index_merge_intersection=off'`;

/** mysql2 with a bounded pool, handed to TypeORM as its `driver`. */
export interface BoundedMysql {
  createPool(options: PoolOptions): Pool;
  /**
   * From now on every connection applies sessionLimitsSql before its first statement. Armed after
   * the migrations ran: a migration on a large table may rightly take longer than a call may.
   */
  arm(): void;
}

/**
 * mysql2 whose pools give up on a connection after `timeoutMs`: mysql2 itself would queue a caller
 * for as long as every connection is busy (a locked table holding them all would hang every call).
 * A caller that gave up is answered with POOL_ACQUIRE_TIMEOUT (UNAVAILABLE); the connection it would
 * have got goes straight back to the pool.
 */
export function boundedMysql(timeoutMs: number): BoundedMysql {
  let limits: string | null = null;
  const limited = new WeakSet<PoolConnection>();

  const prepare = (connection: PoolConnection): void => {
    if (!limits || limited.has(connection)) return;
    limited.add(connection);
    // Queued on the connection ahead of whatever its borrower sends next.
    connection.query(limits, (error) => {
      if (error) new Logger('Database').warn(`could not set session time limits (${error.message.slice(0, 160)})`);
    });
  };

  return {
    arm() {
      limits = sessionLimitsSql(timeoutMs);
    },
    createPool(options: PoolOptions): Pool {
      const pool = requireMysql().createPool(options);
      const acquire = pool.getConnection.bind(pool) as (callback: Acquired) => void;
      const bounded = (callback: Acquired): void => {
        let settled = false;
        const timer = setTimeout(() => {
          settled = true;
          callback(acquireTimeout(timeoutMs), undefined as unknown as PoolConnection);
        }, timeoutMs);
        acquire((error, connection) => {
          if (settled) {
            if (!error) connection.release();
            return;
          }
          settled = true;
          clearTimeout(timer);
          if (!error) prepare(connection);
          callback(error, connection);
        });
      };
      pool.getConnection = bounded as Pool['getConnection'];
      return pool;
    },
  };
}

function acquireTimeout(timeoutMs: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`No database connection came free within ${timeoutMs} ms`), { code: 'POOL_ACQUIRE_TIMEOUT' });
}
