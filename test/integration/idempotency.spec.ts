import { jest } from '@jest/globals';
import { toDate } from '../../src/database/db-dates.js';
import { DbLock } from '../../src/database/db-lock.js';
import { servingCalls, servingEnded } from '../../src/database/write-permit.js';
import { DeskError } from '../../src/envelope/desk-error.js';
import { type Outcome, Replay } from '../../src/envelope/envelope.js';
import { toDeskError } from '../../src/envelope/error-mapping.js';
import { IdempotencyStore } from '../../src/writes/idempotency.store.js';
import { DATABASES } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

interface StoredRecord {
  users_id: number | string;
  tool: string;
  idem_key: string;
  fingerprint: string;
  status: string;
  result: string | null;
  created_at: Date | string;
}

/** Idempotency records on each database: what a claim and a completion store, and what a replay answers. */
describe.each(DATABASES)('idempotency records on %s', (kind) => {
  let desk: Desk;
  let store: IdempotencyStore;
  let lock: DbLock;
  let userId: number;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
    store = desk.get(IdempotencyStore);
    lock = desk.get(DbLock);
    userId = await desk.userId('glpi');
  }, 60_000);
  afterAll(() => desk?.close());

  const outcome: Outcome = { message: 'Ticket 7 created.', id: 7, applied: { name: 'Ünïcode “quoted”' }, resolved: {}, session_id: 'ses_x' } as Outcome;
  const stored = async (key: string): Promise<StoredRecord[]> =>
    (await desk.db.query('SELECT users_id, tool, idem_key, fingerprint, status, result, created_at FROM idempotency_records WHERE idem_key = ?', [
      key,
    ])) as StoredRecord[];

  it('claims a key as pending, stamped now, and completes it with the outcome as JSON, in the write transaction', async () => {
    const before = Date.now();
    await lock.transaction((manager) => store.claim(manager, userId, 'ticket_create', 'k-stored', 'f'.repeat(64)));
    const after = Date.now();
    const [claimed] = await stored('k-stored');
    expect({ ...claimed, users_id: Number(claimed.users_id), created_at: undefined }).toEqual({
      users_id: userId,
      tool: 'ticket_create',
      idem_key: 'k-stored',
      fingerprint: 'f'.repeat(64),
      status: 'pending',
      result: null,
      created_at: undefined,
    });
    // As the ORM stores a date: UTC text with milliseconds on SQLite, a DATETIME on MySQL/MariaDB.
    if (kind === 'sqlite') expect(claimed.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const at = toDate(claimed.created_at)?.getTime() ?? 0;
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);

    await lock.transaction((manager) => store.complete(manager, userId, 'ticket_create', 'k-stored', outcome));
    const [done] = await stored('k-stored');
    expect(done).toEqual({ ...claimed, status: 'done', result: JSON.stringify(outcome) });
  });

  it("on SQLite, reads and writes its records on the connection, not through TypeORM's query runner", async () => {
    if (kind !== 'sqlite') return;
    const runner = desk.db.driver.createQueryRunner('master');
    const query = jest.spyOn(runner, 'query');
    try {
      await lock.transaction(async (manager) => {
        await store.claim(manager, userId, 'ticket_create', 'k-direct', 'c'.repeat(64));
        await store.complete(manager, userId, 'ticket_create', 'k-direct', outcome);
      });
      expect(await store.replay(userId, 'ticket_create', 'k-direct', 'c'.repeat(64))).toBeInstanceOf(Replay);
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });

  it('keeps nothing of a claim and a completion whose transaction rolls back', async () => {
    const undo = new Error('rollback');
    await expect(
      lock.transaction(async (manager) => {
        await store.claim(manager, userId, 'ticket_create', 'k-undone', 'f'.repeat(64));
        await store.complete(manager, userId, 'ticket_create', 'k-undone', outcome);
        throw undo;
      }),
    ).rejects.toBe(undo);
    expect(await stored('k-undone')).toEqual([]);
  });

  it('replays the completed outcome, nothing for a pending or unknown key, and CONFLICT for other arguments', async () => {
    await lock.transaction(async (manager) => {
      await store.claim(manager, userId, 'ticket_create', 'k-replay', 'a'.repeat(64));
      await store.complete(manager, userId, 'ticket_create', 'k-replay', outcome);
      await store.claim(manager, userId, 'ticket_create', 'k-pending', 'a'.repeat(64));
    });
    const replay = await store.replay(userId, 'ticket_create', 'k-replay', 'a'.repeat(64));
    expect(replay).toBeInstanceOf(Replay);
    expect(JSON.stringify((replay as Replay).outcome)).toBe(JSON.stringify(outcome));
    expect(await store.replay(userId, 'ticket_create', 'k-pending', 'a'.repeat(64))).toBeUndefined();
    expect(await store.replay(userId, 'ticket_create', 'k-unknown', 'a'.repeat(64))).toBeUndefined();
    // The same key of another tool or user is another record.
    expect(await store.replay(userId, 'ticket_update', 'k-replay', 'a'.repeat(64))).toBeUndefined();
    expect(await store.replay(userId + 1000, 'ticket_create', 'k-replay', 'a'.repeat(64))).toBeUndefined();
    const conflict = await store.replay(userId, 'ticket_create', 'k-replay', 'b'.repeat(64)).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(DeskError);
    expect(conflict).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining("idempotency_key 'k-replay' was already used for ticket_create") });
  });

  it('refuses a second claim of the same key at the unique index (CONFLICT), while calls are served too', async () => {
    await lock.transaction((manager) => store.claim(manager, userId, 'ticket_create', 'k-twice', 'a'.repeat(64)));
    servingCalls(desk.db);
    const second = await lock
      .transaction((manager) => store.claim(manager, userId, 'ticket_create', 'k-twice', 'a'.repeat(64)))
      .catch((error: unknown) => error)
      .finally(() => servingEnded(desk.db));
    expect(second).toMatchObject({ name: 'QueryFailedError' });
    expect(toDeskError(second).error.code).toBe('CONFLICT');
    expect(await stored('k-twice')).toHaveLength(1);
  });
});
