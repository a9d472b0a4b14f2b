import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * Who may change a domain table, decided without ambient state. Once an app serves calls on a data
 * source (its transports are up: createHttpApp, runStdio), a change to a domain table of that source
 * is made only inside a transaction the write unit opened and permitted
 * (database/write-guard.subscriber.ts refuses the others). Before that — migrations, seeding — and in
 * the CLIs, which serve no calls, writes are not restricted.
 *
 * No AsyncLocalStorage: on Node 20 a single one turns on promise hooks for the whole process, a hook
 * on every promise every call creates (a tenth of a ticket_get's CPU, a sixth of a dry run's). The
 * permit belongs to the transaction's query runner instead, which every statement of the write
 * unit's work runs on.
 */
const serving = new WeakSet<DataSource>();
const permitted = new WeakSet<QueryRunner>();

/** The app on `dataSource` serves calls: from now on its domain tables change only under a write permit. */
export function servingCalls(dataSource: DataSource): void {
  serving.add(dataSource);
}

/** The app on `dataSource` serves calls no more (a test that served calls on a desk it goes on using). */
export function servingEnded(dataSource: DataSource): void {
  serving.delete(dataSource);
}

/**
 * Runs the write unit's work with its transaction (`manager`'s query runner) permitted to change
 * domain tables, until the work settles.
 */
export async function withWritePermit<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('A write permit is for a transaction: this manager has none.');
  permitted.add(runner);
  try {
    return await work();
  } finally {
    permitted.delete(runner);
  }
}

/** Whether a change to a domain table of `dataSource` made on `runner` is refused now. */
export function refusesDomainWrite(dataSource: DataSource, runner: QueryRunner | undefined): boolean {
  return serving.has(dataSource) && !(runner && permitted.has(runner));
}
