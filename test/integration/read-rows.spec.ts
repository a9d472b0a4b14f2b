import { jest } from '@jest/globals';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { DbLock } from '../../src/database/db-lock.js';
import { readRows, readTogether, rowsOf } from '../../src/database/read-rows.js';
import { type Desk, openDesk } from './support/desk.js';

/** The hot reads' path: the same rows and failures as TypeORM's query, on the migrated demo database. */
describe('readRows', () => {
  let desk: Desk;
  let db: DataSource;

  beforeAll(async () => {
    desk = await openDesk();
    db = desk.db;
  });
  afterAll(() => desk?.close());

  it('answers the rows dataSource.query answers, column for column', async () => {
    const sql = 'SELECT t.* FROM glpi_tickets t WHERE t.id IN (?, ?) AND t.is_deleted = ? ORDER BY t.id';
    const params = [1, 2, false];
    expect(await readRows(db, sql, params)).toEqual(await db.query(sql, params));
    // Again: from the prepared statement kept for this text.
    expect(await readRows(db, sql, params)).toEqual(await db.query(sql, params));
  });

  describe("rows made from the statement's arrays", () => {
    const connection = () => (db.driver as unknown as { databaseConnection: { prepare(sql: string): { all(...p: unknown[]): unknown[] } } }).databaseConnection;
    /** A row as better-sqlite3 makes it, from a statement of its own: its keys in order, values and prototype. */
    const asMade = (row: unknown) => ({ entries: Object.entries(row as object), prototype: Object.getPrototypeOf(row) as unknown });

    it('are the objects better-sqlite3 makes: columns in order, a repeated name holding its last value, any name a key', async () => {
      const sql = `SELECT 1 AS b, 2 AS a, 3 AS b, 4 AS "x""y", 5 AS "0", NULL AS "constructor", 'é' AS "ação" FROM glpi_tickets WHERE id IN (?, ?) ORDER BY id`;
      const theirs = connection().prepare(sql).all(1, 2);
      for (let i = 0; i < 2; i++) {
        const ours = await readRows(db, sql, [1, 2]);
        expect(ours.map(asMade)).toEqual(theirs.map(asMade));
        expect(ours[0]).toEqual({ b: 3, a: 2, 'x"y': 4, 0: 5, constructor: null, ação: 'é' });
      }
    });

    it('leave a column named __proto__ to better-sqlite3, whatever it holds', async () => {
      const sql = 'SELECT x AS "__proto__", 2 AS a FROM (SELECT 1 AS x UNION ALL SELECT NULL) ORDER BY x';
      const theirs = connection().prepare(sql).all();
      const ours = await readRows(db, sql, []);
      expect(ours.map(asMade)).toEqual(theirs.map(asMade));
      expect(ours.map((row) => (row as { a: number }).a)).toEqual([2, 2]);
    });

    it("follow a table's columns after a schema change (SQLite prepares the statement again)", async () => {
      await db.query('CREATE TABLE read_rows_shape (a INTEGER, b TEXT)');
      try {
        await db.query("INSERT INTO read_rows_shape (a, b) VALUES (1, 'one')");
        const sql = 'SELECT * FROM read_rows_shape WHERE a = ?';
        expect(await readRows(db, sql, [1])).toEqual([{ a: 1, b: 'one' }]);
        await db.query("ALTER TABLE read_rows_shape ADD COLUMN c TEXT DEFAULT 'new'");
        expect(await readRows(db, sql, [1])).toEqual([{ a: 1, b: 'one', c: 'new' }]);
        await db.query('ALTER TABLE read_rows_shape DROP COLUMN a');
        expect(await readRows(db, 'SELECT * FROM read_rows_shape WHERE b = ?', ['one'])).toEqual([{ b: 'one', c: 'new' }]);
      } finally {
        await db.query('DROP TABLE read_rows_shape');
      }
    });
  });

  it('rowsOf answers the rows themselves on SQLite (no promise), and a failing read throws the QueryFailedError readRows rejects with', async () => {
    const sql = 'SELECT t.id AS id, t.name AS name FROM glpi_tickets t WHERE t.id = ?';
    const rows = rowsOf(db, sql, [1]);
    expect(rows).not.toBeInstanceOf(Promise);
    expect(rows).toEqual(await db.query(sql, [1]));
    expect(() => rowsOf(db, 'SELECT nope FROM glpi_tickets', [])).toThrow(QueryFailedError);
    await expect(readRows(db, 'SELECT nope FROM glpi_tickets', [])).rejects.toThrow(QueryFailedError);
    // A statement that is not a read goes to dataSource.query: a promise, as there.
    expect(rowsOf(db, 'UPDATE glpi_tickets SET name = name WHERE id = ?', [1])).toBeInstanceOf(Promise);
  });

  it('binds booleans as 0/1, as TypeORM does', async () => {
    const [row] = await readRows<{ yes: number; no: number }>(db, 'SELECT ? AS yes, ? AS no', [true, false]);
    expect(row).toEqual({ yes: 1, no: 0 });
  });

  it('fails with the QueryFailedError TypeORM raises, for a bad text and for a bad parameter', async () => {
    await expect(readRows(db, 'SELECT * FROM no_such_table WHERE id = ?', [1])).rejects.toBeInstanceOf(QueryFailedError);
    await expect(readRows(db, 'SELECT ? AS d', [new Date()])).rejects.toBeInstanceOf(QueryFailedError);
  });

  it("reads inside a transaction through the transaction's manager (its own uncommitted rows)", async () => {
    const seen = await db
      .transaction(async (manager) => {
        await manager.query('UPDATE glpi_tickets SET name = ? WHERE id = 1', ['renamed inside']);
        const [row] = await readRows<{ name: string }>(manager, 'SELECT name FROM glpi_tickets WHERE id = ?', [1]);
        throw Object.assign(new Error('rollback'), { row });
      })
      .catch((error: unknown) => (error as { row?: { name: string } }).row);
    expect(seen).toEqual({ name: 'renamed inside' });
  });

  describe("inside a write transaction (the transaction's manager)", () => {
    const name = async (id: number) => (await readRows<{ name: string }>(db, 'SELECT name FROM glpi_tickets WHERE id = ?', [id]))[0]?.name;
    /** Runs `work` in a write transaction of the kind `how` opens, and rolls it back: what `work` answered. */
    const rolledBack = async <T>(how: 'lock' | 'orm', work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const undo = new Error('rollback');
      let answer: T | undefined;
      const transaction = (run: (manager: EntityManager) => Promise<void>) => (how === 'lock' ? desk.get(DbLock).transaction(run) : db.transaction(run));
      await expect(
        transaction(async (manager) => {
          answer = await work(manager);
          throw undo;
        }),
      ).rejects.toBe(undo);
      return answer as T;
    };

    it.each(['lock', 'orm'] as const)(
      "reads the transaction's own rows on the connection, not through TypeORM's query, and after the rollback they are gone (%s)",
      async (how) => {
        const before = await name(1);
        const seen = await rolledBack(how, async (manager) => {
          await manager.query('UPDATE glpi_tickets SET name = ? WHERE id = 1', [`renamed inside ${how}`]);
          const query = jest.spyOn(manager, 'query');
          try {
            const [row] = await readRows<{ name: string }>(manager, 'SELECT name FROM glpi_tickets WHERE id = ?', [1]);
            return { row, viaQuery: query.mock.calls.length };
          } finally {
            query.mockRestore();
          }
        });
        expect(seen).toEqual({ row: { name: `renamed inside ${how}` }, viaQuery: 0 });
        expect(await name(1)).toBe(before);
      },
    );

    it("answers the rows the manager's query answers, and fails a bad read with the same QueryFailedError", async () => {
      const sql = 'SELECT t.* FROM glpi_tickets t WHERE t.id IN (?, ?) AND t.is_deleted = ? ORDER BY t.id';
      const seen = await rolledBack('lock', async (manager) => {
        const same = [await readRows(manager, sql, [1, 2, false]), await manager.query(sql, [1, 2, false])];
        const failures = await Promise.all(
          [() => readRows(manager, 'SELECT * FROM no_such_table WHERE id = ?', [1]), () => manager.query('SELECT * FROM no_such_table WHERE id = ?', [1])].map(
            (read) => read().catch((error: unknown) => error),
          ),
        );
        return { same, failures };
      });
      expect(seen.same[0]).toEqual(seen.same[1]);
      const [ours, theirs] = seen.failures as QueryFailedError[];
      expect(ours).toBeInstanceOf(QueryFailedError);
      expect({ message: ours.message, query: ours.query, parameters: ours.parameters, code: (ours.driverError as { code?: string }).code }).toEqual({
        message: theirs.message,
        query: theirs.query,
        parameters: theirs.parameters,
        code: (theirs.driverError as { code?: string }).code,
      });
    });

    it('passes a statement that is not a read on to the manager, in the transaction', async () => {
      const seen = await rolledBack('lock', async (manager) => {
        await readRows(manager, 'UPDATE glpi_tickets SET name = ? WHERE id = ?', ['renamed by a write', 1]);
        return name(1);
      });
      expect(seen).toBe('renamed by a write');
      expect(await name(1)).not.toBe('renamed by a write');
    });
  });

  it('reports a statement slower than maxQueryExecutionTime to the logger, as dataSource.query does', async () => {
    const options = db.options as { maxQueryExecutionTime?: number };
    const limit = options.maxQueryExecutionTime;
    const slow = jest.spyOn(db.logger, 'logQuerySlow');
    options.maxQueryExecutionTime = 1;
    try {
      const sql = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ?) SELECT COUNT(*) AS n FROM c';
      expect(await readRows(db, sql, [1_000_000])).toEqual([{ n: 1_000_000 }]);
      expect(slow).toHaveBeenCalledWith(expect.any(Number), sql, [1_000_000]);
      expect(slow.mock.calls[0][0]).toBeGreaterThan(1);
    } finally {
      options.maxQueryExecutionTime = limit;
      slow.mockRestore();
    }
  });

  it('passes a statement that is not a read on to dataSource.query', async () => {
    await readRows(db, 'UPDATE glpi_tickets SET name = name WHERE id = ?', [1]);
    expect(await readRows(db, 'SELECT COUNT(*) AS n FROM glpi_tickets WHERE id = ?', [1])).toEqual([{ n: 1 }]);
  });

  it('keeps a statement read often while many other texts come and go (least recently used dropped first)', async () => {
    const connection = (db.driver as unknown as { databaseConnection: { prepare(sql: string): unknown } }).databaseConnection;
    const hot = 'SELECT name FROM glpi_tickets WHERE id = ? AND 1 = 1';
    await readRows(db, hot, [1]);
    const prepare = jest.spyOn(connection, 'prepare');
    try {
      for (let i = 0; i < 250; i++) {
        await readRows(db, `SELECT ${i} AS n FROM glpi_tickets WHERE id = ?`, [1]);
        await readRows(db, hot, [1]);
      }
      expect(prepare.mock.calls.filter(([sql]) => sql === hot)).toHaveLength(0);
    } finally {
      prepare.mockRestore();
    }
  });

  describe('readTogether', () => {
    const inTransaction = () => (db.driver as unknown as { databaseConnection: { inTransaction: boolean } }).databaseConnection.inTransaction;
    const name = async (id: number) => (await readRows<{ name: string }>(db, 'SELECT name FROM glpi_tickets WHERE id = ?', [id]))[0]?.name;

    it('answers what the reads answer alone, and leaves no transaction open', async () => {
      const alone = await Promise.all([name(1), name(2)]);
      const together = await readTogether(db, () => Promise.all([name(1), name(2)]));
      expect(together).toEqual(alone);
      expect(inTransaction()).toBe(false);
    });

    it('runs the reads started before the first await in one transaction, and what follows on its own', async () => {
      const seen: boolean[] = [];
      await readTogether(db, async () => {
        seen.push(inTransaction());
        await name(1);
        seen.push(inTransaction());
      });
      expect(seen).toEqual([true, false]);
    });

    it('ends its transaction when the reads fail, and passes the failure on', async () => {
      await expect(readTogether(db, () => readRows(db, 'SELECT * FROM no_such_table'))).rejects.toBeInstanceOf(QueryFailedError);
      expect(() =>
        readTogether(db, () => {
          throw new Error('not started');
        }),
      ).toThrow('not started');
      expect(inTransaction()).toBe(false);
    });

    it('inside a transaction already open, neither commits it nor hides its rows', async () => {
      const seen = await db
        .transaction(async (manager) => {
          await manager.query('UPDATE glpi_tickets SET name = ? WHERE id = 1', ['renamed inside']);
          const during = await readTogether(db, () => name(1));
          throw Object.assign(new Error('rollback'), { during, open: inTransaction() });
        })
        .catch((error: unknown) => error as { during?: string; open?: boolean });
      expect(seen).toMatchObject({ during: 'renamed inside', open: true });
      expect(await name(1)).not.toBe('renamed inside');
    });
  });
});
