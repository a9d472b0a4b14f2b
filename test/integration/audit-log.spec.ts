import { jest } from '@jest/globals';
import { AuditService, FLUSH_AT } from '../../src/audit/audit.service.js';
import type { AuditEntry } from '../../src/audit/audit-entry.js';
import { dateParam, toDate } from '../../src/database/db-dates.js';
import { DbLock } from '../../src/database/db-lock.js';
import { AuditLog } from '../../src/database/entities/index.js';
import { sqliteConnectionOf } from '../../src/database/sqlite-statements.js';
import { SqliteWorker, START_AT_CHANGES } from '../../src/database/sqlite-worker.js';
import { Metrics } from '../../src/observe/metrics.js';
import { answerAtTurnEnd } from '../../src/observe/turn-end.js';
import { DATABASES, type DbKind } from '../support/databases.js';
import { type Desk, openDeskOn } from './support/desk.js';

/** An entry the audit log would hold for call `n` of a run named `run`. */
function entry(run: string, n: number, at = new Date()): AuditEntry {
  return {
    at,
    users_id: 2,
    token_id: null,
    session_id: `ses_${run}`,
    request_id: `${run}-${String(n).padStart(4, '0')}`,
    transport: 'mcp',
    tool: 'ticket_get',
    route: null,
    domain: 'ticket',
    outcome: 'success',
    duration_ms: n,
    changes: null,
    message: null,
  };
}

/** The request ids of a run's rows, in the order they were inserted. */
async function storedRun(desk: Desk, run: string): Promise<string[]> {
  const rows = (await desk.db.query('SELECT request_id FROM audit_log WHERE session_id = ? ORDER BY id', [`ses_${run}`])) as Array<{ request_id: string }>;
  return rows.map((row) => row.request_id);
}

/** Records `count` entries of a run; answers their request ids, in order. */
function recordEntries(audit: AuditService, run: string, count: number, from = 0): string[] {
  const ids: string[] = [];
  for (let n = from; n < from + count; n++) {
    const one = entry(run, n);
    audit.record(one);
    ids.push(one.request_id!);
  }
  return ids;
}

/** Batches written, on-demand flushes, failures and retries, and the write that commits its own entry. */
describe.each(DATABASES)('audit log on %s', (kind: DbKind) => {
  let desk: Desk;
  let audit: AuditService;

  beforeAll(async () => {
    desk = await openDeskOn(kind);
    audit = desk.get(AuditService);
  });
  afterAll(() => desk?.close());

  const stored = (run: string): Promise<string[]> => storedRun(desk, run);
  const recordRun = (run: string, count: number): string[] => recordEntries(audit, run, count);

  it('writes batches larger than a statement holds, every entry once and in the order recorded', async () => {
    for (const [run, count] of [
      ['one', 1],
      ['odd', 137],
      ['past-batch', FLUSH_AT + 51],
    ] as const) {
      const ids = recordRun(run, count);
      await audit.flush();
      expect(await stored(run)).toEqual(ids);
    }
    expect(audit.backlog().entries).toBe(0);
  });

  // 240 entries go in one batch: on SQLite, two full statements of 100 rows, then 40 rows one by one
  // in a transaction. The refused entry sits in the second full statement, then among
  // the rows written one by one.
  it.each([150, 220])('keeps what a failed write did not store (entry %i refused), and writes it once the database takes it again', async (refused) => {
    const run = `refused${refused}`;
    const poison = `${run}-${String(refused).padStart(4, '0')}`;
    const refusing =
      kind === 'sqlite'
        ? `CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log WHEN NEW.request_id = '${poison}' BEGIN SELECT RAISE(ABORT, 'refused'); END`
        : `CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW BEGIN IF NEW.request_id = '${poison}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'; END IF; END`;
    await desk.db.query(refusing);
    let ids: string[];
    try {
      ids = recordRun(run, 240);
      await audit.flush();
      const before = await stored(run);
      // What was stored is a prefix of the run (a statement, or a transaction, is stored whole or not at all); the rest waits.
      expect(before).toEqual(ids.slice(0, before.length));
      expect(before).not.toContain(poison);
      if (kind === 'sqlite') expect(before.length).toBeGreaterThan(0);
      expect(audit.backlog().entries).toBe(ids.length - before.length);
    } finally {
      await desk.db.query('DROP TRIGGER refuse_audit');
    }
    await audit.flush();
    expect(await stored(run)).toEqual(ids);
    expect(audit.backlog().entries).toBe(0);
  });

  it('writes the entries calls record at a steady pace every 200 ms, in one batch, not a batch every 200 entries', async () => {
    await audit.flush();
    const writes = jest.spyOn(audit as unknown as { writePending(): Promise<void> }, 'writePending');
    try {
      // What ~2,500 calls a second (one client) record in 200 ms.
      const ids = recordRun('paced', 500);
      await new Promise((resolve) => setImmediate(resolve));
      expect(writes).not.toHaveBeenCalled();
      expect(audit.backlog().entries).toBe(500);
      for (const until = Date.now() + 2000; audit.backlog().entries > 0 && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 20));
      await writes.mock.results[0]?.value;
      expect(writes).toHaveBeenCalledTimes(1);
      expect(await stored('paced')).toEqual(ids);
    } finally {
      writes.mockRestore();
    }
  });

  it('commits the entry of a write with the write, and rolls it back with it', async () => {
    const lock = desk.get(DbLock);
    const call = await desk.call('project_create', 'glpi', { sessionId: 'ses_within' });
    await lock.transaction((manager) => audit.recordWithin(manager, call, 'success', { changes: { name: 'kept' } }));
    const failure = new Error('the write failed');
    await expect(
      lock.transaction(async (manager) => {
        await audit.recordWithin(manager, call, 'success', { changes: { name: 'undone' } });
        throw failure;
      }),
    ).rejects.toBe(failure);
    const rows = (await desk.db.query("SELECT changes FROM audit_log WHERE session_id = 'ses_within'")) as Array<{ changes: string }>;
    expect(rows.map((row) => JSON.parse(row.changes) as unknown)).toEqual([{ name: 'kept' }]);
  });

  it("does a call's bookkeeping once the turn's answers are written, the times taken when it ended; a flush writes it at once", async () => {
    const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    // What earlier tests left for the end of a turn.
    await endOfTurn();
    await audit.flush();
    const recorded = jest.spyOn(desk.get(Metrics).calls, 'record');
    try {
      const call = await desk.call('project_search', 'glpi', { sessionId: 'ses_bookkeeping' });
      const seenByAnswer: Array<{ buffered: number; reported: number }> = [];
      answerAtTurnEnd(() => seenByAnswer.push({ buffered: audit.backlog().entries, reported: recorded.mock.calls.length }));
      const endedAt = Date.now();
      audit.recordCall(call, 'success');
      // Made to wait past the millisecond it ended in: the entry's time and duration stay that moment's.
      for (const until = Date.now() + 5; Date.now() < until;);
      expect([audit.backlog().entries, recorded.mock.calls.length]).toEqual([0, 0]);
      await endOfTurn();
      expect(seenByAnswer).toEqual([{ buffered: 0, reported: 0 }]);
      expect([audit.backlog().entries, recorded.mock.calls.length]).toEqual([1, 1]);
      expect(recorded.mock.calls[0][3]).toBeLessThan(0.004);
      await audit.flush();
      const [row] = (await desk.db.query("SELECT at, duration_ms FROM audit_log WHERE session_id = 'ses_bookkeeping'")) as Array<{
        at: Date | string;
        duration_ms: number;
      }>;
      // MariaDB keeps whole seconds.
      expect(toDate(row.at)!.getTime()).toBeGreaterThanOrEqual(kind === 'mysql' ? endedAt - 1000 : endedAt - 1);
      expect(toDate(row.at)!.getTime()).toBeLessThanOrEqual(endedAt + 1);
      expect(row.duration_ms).toBeLessThan(4);

      // Asked for before the end of the turn, a flush writes the entries of the calls that ended in it.
      audit.recordCall(await desk.call('project_search', 'glpi', { sessionId: 'ses_flushed' }), 'success');
      await audit.flush();
      expect(await desk.db.query("SELECT outcome FROM audit_log WHERE session_id = 'ses_flushed'")).toEqual([{ outcome: 'success' }]);
    } finally {
      recorded.mockRestore();
    }
  });

  it('stores the time as the ORM and a plain statement store it', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    audit.record(entry('dated', 0, at));
    await audit.flush();
    await desk.db.getRepository(AuditLog).insert({ ...entry('dated', 1), at });
    const sqlite = kind === 'sqlite';
    await desk.db.query('INSERT INTO audit_log (at, transport, outcome, session_id, request_id) VALUES (?, ?, ?, ?, ?)', [
      dateParam(at, sqlite),
      'mcp',
      'success',
      'ses_dated',
      'dated-0002',
    ]);
    const times = (await desk.db.query("SELECT at FROM audit_log WHERE session_id = 'ses_dated' ORDER BY request_id")) as Array<{ at: unknown }>;
    expect(times).toHaveLength(3);
    expect(times[1].at).toEqual(times[0].at);
    expect(times[2].at).toEqual(times[0].at);
  });
});

/**
 * On SQLite the one connection serves every call: a batch must neither re-prepare its statement nor
 * hold the process. Written on the connection (the SQLite worker, which the desk's own timer would
 * start under these batches, is stopped first), then on the worker once one runs.
 */
describe('audit log batches on SQLite', () => {
  let desk: Desk;
  let audit: AuditService;
  let worker: SqliteWorker;

  beforeAll(async () => {
    desk = await openDeskOn('sqlite');
    audit = desk.get(AuditService);
    worker = desk.get(SqliteWorker);
    await worker.onModuleDestroy();
  });
  afterAll(() => desk?.close());

  it('writes batches of any size with a few statements prepared once', async () => {
    const connection = sqliteConnectionOf(desk.db)!;
    const prepare = jest.spyOn(connection, 'prepare');
    try {
      for (let size = 1; size <= 120; size++) {
        for (let n = 0; n < size; n++) audit.record(entry(`sizes-${size}`, n));
        await audit.flush();
      }
      const texts = new Set(prepare.mock.calls.map(([sql]) => sql).filter((sql) => sql.includes('audit_log')));
      expect(texts.size).toBeLessThanOrEqual(2);
    } finally {
      prepare.mockRestore();
    }
  });

  it('queues one write at a time, however many entries arrive while a batch is written', async () => {
    const writes = jest.spyOn(audit as unknown as { writePending(): Promise<void> }, 'writePending');
    try {
      // A full batch starts a write, which lets calls run between its statements; they record 300 more meanwhile.
      const first = recordEntries(audit, 'queued', FLUSH_AT);
      const more = await new Promise<string[]>((resolve) => setImmediate(() => resolve(recordEntries(audit, 'queued', 300, FLUSH_AT))));
      await audit.flush();
      expect(await storedRun(desk, 'queued')).toEqual([...first, ...more]);
      // The full batch's write, one for the entries that filled a batch again, and the flush's own.
      expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      writes.mockRestore();
    }
  });

  it('lets other work run between the statements of a large batch', async () => {
    const connection = sqliteConnectionOf(desk.db)!;
    const count = (): number => (connection.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE session_id = 'ses_turns'").all()[0] as { n: number }).n;
    for (let n = 0; n < 200; n++) audit.record(entry('turns', n));
    const seen = new Promise<number>((resolve) => setImmediate(() => resolve(count())));
    await audit.flush();
    const midway = await seen;
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(200);
    expect(count()).toBe(200);
  });
  it('writes batches on the worker thread while one runs, the connection writing none of them, every entry once and in order', async () => {
    const connection = sqliteConnectionOf(desk.db)!;
    const ownChanges = (): number => (connection.prepare('SELECT total_changes() AS n').all()[0] as { n: number }).n;
    // A look counts what the earlier tests wrote (a worker it starts is stopped); then sustained
    // writes (the connection's, here) start one, no checkpoint on its way.
    worker.look();
    await worker.onModuleDestroy();
    recordEntries(audit, 'warm', START_AT_CHANGES);
    await audit.flush();
    worker.look();
    expect(await worker.started()).toBe(true);

    const before = ownChanges();
    const handOvers = jest.spyOn(worker, 'writeOffThread');
    let ids: string[];
    try {
      ids = recordEntries(audit, 'off', FLUSH_AT + 51);
      await audit.flush();
      // Each batch (a full one, then 51 entries) is one transaction on the worker: one commit each, not one per 100 rows.
      expect(handOvers.mock.results.filter(({ value }) => value !== undefined)).toHaveLength(2);
    } finally {
      handOvers.mockRestore();
    }
    expect(await storedRun(desk, 'off')).toEqual(ids);
    expect(ownChanges()).toBe(before);
    expect(audit.backlog().entries).toBe(0);

    // A batch the worker's connection refuses is stored by none, kept, and written once it is taken.
    await desk.db.query(
      "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log WHEN NEW.request_id = 'refused-0150' BEGIN SELECT RAISE(ABORT, 'refused'); END",
    );
    const refused = recordEntries(audit, 'refused', 240);
    try {
      await audit.flush();
      expect(await storedRun(desk, 'refused')).toEqual([]);
      expect(audit.backlog().entries).toBe(240);
    } finally {
      await desk.db.query('DROP TRIGGER refuse_audit');
    }
    const afterTrigger = ownChanges();
    await audit.flush();
    expect(await storedRun(desk, 'refused')).toEqual(refused);
    expect(ownChanges()).toBe(afterTrigger);
    await worker.onModuleDestroy();
  });
});
