import type { EntityManager } from 'typeorm';
import { DbLock } from '../../src/database/db-lock.js';
import { Project } from '../../src/database/entities/index.js';
import { DATABASES } from '../support/databases.js';
import { type Desk, openDesk, openDeskOn } from './support/desk.js';

/** Write transactions through the lock on SQLite: committed, rolled back, and joined by the ORM's own calls. */
describe('DbLock transactions (SQLite)', () => {
  let desk: Desk;
  let lock: DbLock;

  beforeAll(async () => {
    desk = await openDesk();
    lock = desk.get(DbLock);
  });
  afterAll(() => desk?.close());

  const project = (name: string) => ({ name, name_key: name.toLowerCase(), priority: 3, percent_done: 0, entities_id: 1, is_deleted: false });
  const stored = async (name: string): Promise<number> =>
    Number(((await desk.db.query('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ?', [name])) as Array<{ n: number }>)[0].n);
  /** Writes of every kind a write's work makes: plain SQL, the ORM's insert and save, a nested transaction. */
  const writeAll = async (manager: EntityManager, prefix: string): Promise<void> => {
    await manager.query('INSERT INTO glpi_projects (name, name_key, priority, percent_done, entities_id, is_deleted) VALUES (?, ?, 3, 0, 1, 0)', [
      `${prefix} sql`,
      `${prefix} sql`,
    ]);
    await manager.insert(Project, project(`${prefix} insert`));
    await manager.save(manager.create(Project, project(`${prefix} save`)));
    await manager.transaction((inner) => inner.insert(Project, project(`${prefix} nested`)));
  };
  const names = (prefix: string) => ['sql', 'insert', 'save', 'nested'].map((kind) => `${prefix} ${kind}`);

  it('commits what the work wrote, ORM calls included, and answers its result', async () => {
    await expect(lock.transaction(async (manager) => (await writeAll(manager, 'Kept'), 'done'))).resolves.toBe('done');
    for (const name of names('Kept')) expect(await stored(name)).toBe(1);
  });

  it('rolls back everything the work wrote when it throws, and rethrows its error', async () => {
    const failure = new Error('work failed');
    await expect(
      lock.transaction(async (manager) => {
        await writeAll(manager, 'Undone');
        throw failure;
      }),
    ).rejects.toBe(failure);
    for (const name of names('Undone')) expect(await stored(name)).toBe(0);
  });

  it('leaves no transaction open behind it: the next ones, and the ORM’s own, start afresh', async () => {
    await expect(lock.transaction(() => Promise.reject(new Error('first')))).rejects.toThrow('first');
    await lock.transaction((manager) => manager.insert(Project, project('After a rollback')));
    await desk.db.transaction((manager) => manager.insert(Project, project('ORM transaction after')));
    expect(await stored('After a rollback')).toBe(1);
    expect(await stored('ORM transaction after')).toBe(1);
    expect(desk.db.driver.createQueryRunner('master').isTransactionActive).toBe(false);
  });

  it('fails with the database error when a statement of the work fails, and keeps nothing of it', async () => {
    await expect(
      lock.transaction(async (manager) => {
        await manager.insert(Project, project('Before the failure'));
        await manager.query('INSERT INTO no_such_table (x) VALUES (1)');
      }),
    ).rejects.toMatchObject({ name: 'QueryFailedError' });
    expect(await stored('Before the failure')).toBe(0);
  });
});

const MYSQL = DATABASES.filter((kind) => kind === 'mysql');

/**
 * Two write transactions that each lock a row the other then wants: InnoDB rolls one back
 * (ER_LOCK_DEADLOCK) and tells the client to run it again. The lock does, within the call's
 * deadline, as it does for SQLite's busy file: the caller sees both writes commit.
 */
describe.each(MYSQL)('DbLock transactions that deadlock on %s', (kind) => {
  let desk: Desk;
  let lock: DbLock;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
    lock = desk.get(DbLock);
  }, 60_000);
  afterAll(() => desk?.close());

  it('runs again the transaction the server chose as the deadlock victim, and both commit', async () => {
    const ids: number[] = [];
    for (const name of ['deadlock a', 'deadlock b']) {
      const result = (await desk.db.query(
        'INSERT INTO glpi_projects (name, name_key, priority, percent_done, entities_id, is_deleted) VALUES (?, ?, 3, 0, 1, 0)',
        [name, name],
      )) as { insertId: number };
      ids.push(Number(result.insertId));
    }
    const [a, b] = ids;
    let runs = 0;
    const locked: Array<() => void> = [];
    const both = Promise.all([new Promise<void>((resolve) => locked.push(resolve)), new Promise<void>((resolve) => locked.push(resolve))]);
    // Each locks its first row, waits until the other holds its own, then asks for the other's row.
    const crossing = (first: number, second: number, index: number) =>
      lock.transaction(async (manager) => {
        runs++;
        await manager.query('UPDATE glpi_projects SET percent_done = percent_done + 1 WHERE id = ?', [first]);
        locked[index]();
        await both;
        await manager.query('UPDATE glpi_projects SET percent_done = percent_done + 1 WHERE id = ?', [second]);
        return index;
      });
    await expect(Promise.all([crossing(a, b, 0), crossing(b, a, 1)])).resolves.toEqual([0, 1]);
    expect(runs).toBe(3);
    const rows = (await desk.db.query('SELECT percent_done AS p FROM glpi_projects WHERE id IN (?, ?) ORDER BY id', [a, b])) as Array<{ p: number }>;
    expect(rows.map((r) => Number(r.p))).toEqual([2, 2]);
  });
});
