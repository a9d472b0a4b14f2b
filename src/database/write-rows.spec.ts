import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { Ticket } from './entities/index.js';
import { servingCalls, servingEnded, withWritePermit } from './write-permit.js';
import { insertRow, insertRows, updateRows } from './write-rows.js';

/** A manager of a transaction that records the statements it is asked to run (SQLite answers an insert with the new rowid). */
function recordingManager(): { manager: EntityManager; statements: string[] } {
  const statements: string[] = [];
  const manager = {
    queryRunner: {},
    dataSource: { options: { type: 'better-sqlite3' }, getMetadata: () => ({ tableName: 'glpi_tickets' }) },
    query: (sql: string) => {
      statements.push(sql);
      return Promise.resolve(7);
    },
  } as unknown as EntityManager;
  return { manager, statements };
}

/** Runs `work` on `manager` as an app that serves calls does: a domain table changes only under a write permit. */
async function serving<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  servingCalls(manager.dataSource);
  try {
    return await work();
  } finally {
    servingEnded(manager.dataSource);
  }
}

describe('insertRow', () => {
  it('is refused, once calls are served, outside the write unit, as an ORM insert is, and writes nothing', async () => {
    const { manager, statements } = recordingManager();
    await expect(serving(manager, () => insertRow(manager, Ticket, { name: 'x' }))).rejects.toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    expect(statements).toEqual([]);
  });

  it('inserts inside the write unit and answers the new id', async () => {
    const { manager, statements } = recordingManager();
    await expect(
      serving(manager, () => withWritePermit(manager, () => insertRow(manager, Ticket, { name: 'x', is_deleted: false, skipped: undefined }))),
    ).resolves.toBe(7);
    expect(statements).toEqual(['INSERT INTO glpi_tickets (name, is_deleted) VALUES (?, ?)']);
  });
});

describe('insertRows', () => {
  it('inserts rows with the same columns in one statement, in their order', async () => {
    const { manager, statements } = recordingManager();
    const query = jest.spyOn(manager, 'query');
    await serving(manager, () =>
      withWritePermit(manager, () =>
        insertRows(manager, Ticket, [
          { tickets_id: 5, users_id: 2, type: 1 },
          { tickets_id: 5, users_id: 3, type: 2 },
        ]),
      ),
    );
    expect(statements).toEqual(['INSERT INTO glpi_tickets (tickets_id, users_id, type) VALUES (?, ?, ?), (?, ?, ?)']);
    expect(query.mock.calls[0][1]).toEqual([5, 2, 1, 5, 3, 2]);
  });

  it('is refused, once calls are served, outside the write unit', async () => {
    const { manager, statements } = recordingManager();
    await expect(serving(manager, () => insertRows(manager, Ticket, [{ name: 'x' }]))).rejects.toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    expect(statements).toEqual([]);
  });

  it('writes each insert with the text of its own columns, in their order, and its own number of rows', async () => {
    const { manager, statements } = recordingManager();
    const rows = (n: number, columns: string[]) => Array.from({ length: n }, (_, i) => Object.fromEntries(columns.map((c) => [c, i])));
    await withWritePermit(manager, async () => {
      await insertRows(manager, Ticket, rows(2, ['tickets_id', 'users_id', 'type']));
      await insertRows(manager, Ticket, rows(1, ['tickets_id', 'users_id', 'type']));
      await insertRows(manager, Ticket, rows(2, ['tickets_id', 'type', 'users_id']));
      await insertRows(manager, Ticket, rows(2, ['tickets_id', 'users_id']));
      await insertRow(manager, Ticket, { tickets_id: 1, users_id: 2, type: 3 });
      await insertRows(manager, Ticket, rows(2, ['tickets_id', 'users_id', 'type']));
    });
    expect(statements).toEqual([
      'INSERT INTO glpi_tickets (tickets_id, users_id, type) VALUES (?, ?, ?), (?, ?, ?)',
      'INSERT INTO glpi_tickets (tickets_id, users_id, type) VALUES (?, ?, ?)',
      'INSERT INTO glpi_tickets (tickets_id, type, users_id) VALUES (?, ?, ?), (?, ?, ?)',
      'INSERT INTO glpi_tickets (tickets_id, users_id) VALUES (?, ?), (?, ?)',
      'INSERT INTO glpi_tickets (tickets_id, users_id, type) VALUES (?, ?, ?)',
      'INSERT INTO glpi_tickets (tickets_id, users_id, type) VALUES (?, ?, ?), (?, ?, ?)',
    ]);
  });

  it('refuses rows whose columns differ, and writes nothing for none', async () => {
    const { manager, statements } = recordingManager();
    await expect(withWritePermit(manager, () => insertRows(manager, Ticket, [{ a: 1 }, { b: 2 }]))).rejects.toThrow('every row needs the columns a');
    await expect(withWritePermit(manager, () => insertRows(manager, Ticket, [{ a: 1 }, { a: undefined }]))).rejects.toThrow('each with a value');
    await withWritePermit(manager, () => insertRows(manager, Ticket, []));
    expect(statements).toEqual([]);
  });
});

describe('updateRows', () => {
  it('sets the columns of the matching rows with one statement, values bound as the ORM stores them', async () => {
    const { manager, statements } = recordingManager();
    const query = jest.spyOn(manager, 'query');
    await withWritePermit(manager, () =>
      updateRows(manager, Ticket, { status: 'done', is_deleted: true, date_mod: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)) }, { id: 5, name: 'x' }),
    );
    expect(statements).toEqual(['UPDATE glpi_tickets SET status = ?, is_deleted = ?, date_mod = ? WHERE id = ? AND name = ?']);
    expect(query.mock.calls[0][1]).toEqual(['done', 1, '2026-01-02 03:04:05.006', 5, 'x']);
  });

  it('is refused, once calls are served, outside the write unit, and refuses a column without a value or no column to match', async () => {
    const { manager, statements } = recordingManager();
    await expect(serving(manager, () => updateRows(manager, Ticket, { name: 'x' }, { id: 1 }))).rejects.toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    await expect(updateRows(manager, Ticket, { name: undefined }, { id: 1 })).rejects.toThrow('name has no value');
    await expect(updateRows(manager, Ticket, { name: 'x' }, {})).rejects.toThrow('one to match');
    expect(statements).toEqual([]);
  });
});
