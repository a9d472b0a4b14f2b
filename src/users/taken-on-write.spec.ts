import { takenOnWrite } from './taken-on-write.js';

/** A refused write as TypeORM throws it: the driver's code, and its message. */
const refused = (code: string, message: string) => Object.assign(new Error(message), { driverError: { code } });

describe('takenOnWrite', () => {
  it('names the value whose unique index refused the write, as each database words it', () => {
    expect(takenOnWrite(refused('ER_DUP_ENTRY', "Duplicate entry 'same@ex.com' for key 'UQ_glpi_users_email_lookalike'"))).toBe('email');
    expect(takenOnWrite(refused('ER_DUP_ENTRY', "Duplicate entry 'ana' for key 'glpi_users.UQ_glpi_users_name'"))).toBe('name');
    expect(takenOnWrite(refused('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: glpi_users.email_lookalike'))).toBe('email');
    expect(takenOnWrite(refused('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: glpi_users.name'))).toBe('name');
  });

  it('names nothing for another index or another failure', () => {
    expect(takenOnWrite(refused('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: glpi_users.name_key'))).toBeUndefined();
    expect(takenOnWrite(refused('ER_DUP_ENTRY', "Duplicate entry '1' for key 'PRIMARY'"))).toBeUndefined();
    expect(takenOnWrite(refused('ER_LOCK_DEADLOCK', 'Deadlock found; UQ_glpi_users_name'))).toBeUndefined();
    expect(takenOnWrite('UQ_glpi_users_name')).toBeUndefined();
  });
});
