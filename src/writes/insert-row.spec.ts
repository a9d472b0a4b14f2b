import type { EntityManager } from 'typeorm';
import { asCall, withWritePermit } from '../database/call-scope.js';
import { Ticket } from '../database/entities/index.js';
import { insertRow } from './insert-row.js';

/** A manager that records the statements it is asked to run (SQLite answers an insert with the new rowid). */
function recordingManager(): { manager: EntityManager; statements: string[] } {
  const statements: string[] = [];
  const manager = {
    dataSource: { options: { type: 'better-sqlite3' }, getMetadata: () => ({ tableName: 'glpi_tickets' }) },
    query: (sql: string) => {
      statements.push(sql);
      return Promise.resolve(7);
    },
  } as unknown as EntityManager;
  return { manager, statements };
}

describe('insertRow', () => {
  it('is refused during a call outside the write unit, as an ORM insert is, and writes nothing', async () => {
    const { manager, statements } = recordingManager();
    await expect(asCall('ses_x', 'req', () => insertRow(manager, Ticket, { name: 'x' }))).rejects.toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    expect(statements).toEqual([]);
  });

  it('inserts inside the write unit and answers the new id', async () => {
    const { manager, statements } = recordingManager();
    await expect(
      asCall('ses_x', 'req', () => withWritePermit(() => insertRow(manager, Ticket, { name: 'x', is_deleted: false, skipped: undefined }))),
    ).resolves.toBe(7);
    expect(statements).toEqual(['INSERT INTO glpi_tickets (name, is_deleted) VALUES (?, ?)']);
  });
});
