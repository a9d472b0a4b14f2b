import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { refusesDomainWrite, servingCalls, servingEnded, withWritePermit } from './write-permit.js';

const managerOf = (queryRunner?: object): EntityManager => ({ queryRunner }) as unknown as EntityManager;
const source = (): DataSource => ({}) as DataSource;

describe('write permits', () => {
  it('restricts nothing on a data source no app serves calls on', () => {
    const db = source();
    expect(refusesDomainWrite(db, undefined)).toBe(false);
    expect(refusesDomainWrite(db, {} as QueryRunner)).toBe(false);
  });

  it('once calls are served, permits only the write unit transaction, while its work runs', async () => {
    const db = source();
    servingCalls(db);
    const runner = {} as QueryRunner;
    const other = {} as QueryRunner;
    expect(refusesDomainWrite(db, runner)).toBe(true);
    expect(refusesDomainWrite(db, undefined)).toBe(true);
    // Another app's data source in the same process is its own.
    expect(refusesDomainWrite(source(), runner)).toBe(false);
    const during = await withWritePermit(managerOf(runner), () => Promise.resolve([refusesDomainWrite(db, runner), refusesDomainWrite(db, other)]));
    expect(during).toEqual([false, true]);
    expect(refusesDomainWrite(db, runner)).toBe(true);
    servingEnded(db);
    expect(refusesDomainWrite(db, runner)).toBe(false);
  });

  it('ends the permit when the work fails, and gives none to a manager without a transaction', async () => {
    const db = source();
    servingCalls(db);
    const runner = {} as QueryRunner;
    await expect(withWritePermit(managerOf(runner), () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(refusesDomainWrite(db, runner)).toBe(true);
    await expect(withWritePermit(managerOf(), () => Promise.resolve(1))).rejects.toThrow('has none');
  });
});
