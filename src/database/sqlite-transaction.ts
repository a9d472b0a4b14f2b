import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { runSqliteWrite, sqliteConnectionOf } from './sqlite-statements.js';

/** What TypeORM's query runner knows of its transaction (BaseQueryRunner's fields). */
interface RunnerTransactionState {
  isTransactionActive: boolean;
  transactionDepth: number;
}

/** One entity manager per query runner (SQLite has one runner per connection): it holds no call's state. */
const managers = new WeakMap<QueryRunner, EntityManager>();

/**
 * A write transaction on SQLite's one connection: BEGIN, `work`, then COMMIT, or ROLLBACK when `work`
 * throws, as TypeORM's `transaction` does, with the same statements. TypeORM's costs more than the
 * statements of a short write do: it broadcasts four transaction events (no subscriber listens to
 * them), takes several promise turns per statement and builds an entity manager per transaction.
 * TypeORM's query runner is told a transaction is open, as its own startTransaction would, so that
 * ORM calls in `work` join it (a save opens none; a nested transaction is a savepoint). A failing
 * BEGIN or COMMIT fails as TypeORM's would (QueryFailedError, so SQLITE_BUSY is retried alike).
 * When a transaction is already open on the connection, or the driver has no connection, TypeORM's
 * own `transaction` runs, and behaves as it does.
 */
export async function sqliteTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const connection = sqliteConnectionOf(dataSource);
  const runner = dataSource.driver.createQueryRunner('master');
  const state = runner as unknown as RunnerTransactionState;
  if (!connection || connection.inTransaction || state.isTransactionActive) return dataSource.transaction(work);
  runSqliteWrite(dataSource, connection, 'BEGIN TRANSACTION', []);
  state.isTransactionActive = true;
  state.transactionDepth = 1;
  try {
    const result = await work(managerOf(dataSource, runner));
    runSqliteWrite(dataSource, connection, 'COMMIT', []);
    return result;
  } catch (error) {
    // The work's error is the answer, even when the rollback fails too (as with TypeORM's).
    if (connection.inTransaction) {
      try {
        runSqliteWrite(dataSource, connection, 'ROLLBACK', []);
      } catch {
        // The work's error is reported.
      }
    }
    throw error;
  } finally {
    state.isTransactionActive = false;
    state.transactionDepth = 0;
  }
}

function managerOf(dataSource: DataSource, runner: QueryRunner): EntityManager {
  let manager = managers.get(runner);
  if (!manager) {
    manager = dataSource.createEntityManager(runner);
    managers.set(runner, manager);
  }
  return manager;
}
