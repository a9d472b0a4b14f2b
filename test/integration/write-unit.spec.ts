import { DbLock } from '../../src/database/db-lock.js';
import { Project } from '../../src/database/entities/index.js';
import { servingCalls, servingEnded } from '../../src/database/write-permit.js';
import { Committed, INSERTED, type Outcome, Replay } from '../../src/envelope/envelope.js';
import { attachMeta } from '../../src/input/input-meta.js';
import { SessionsRepository } from '../../src/session/sessions.repository.js';
import type { Call } from '../../src/tools/call.js';
import { WriteUnit } from '../../src/writes/write-unit.js';
import { type Desk, openDesk, refusal } from './support/desk.js';

/** The write unit on a real database: verification, idempotency, dry runs, and the guard beneath it. */
describe('write unit', () => {
  let desk: Desk;
  let writes: WriteUnit;
  let sessions: SessionsRepository;

  beforeAll(async () => {
    // OTP_REQUIRED_FOR=write: every MCP write needs a verified session.
    desk = await openDesk({ OTP_REQUIRED_FOR: 'write' });
    writes = desk.get(WriteUnit);
    sessions = desk.get(SessionsRepository);
  });
  afterAll(() => desk?.close());

  /** A write that inserts a project named `name` and says so. */
  const insert =
    (name: string) =>
    async ({ manager }: { manager: import('typeorm').EntityManager }): Promise<Outcome> => {
      await manager.insert(Project, { name, name_key: name.toLowerCase(), priority: 3, percent_done: 0, entities_id: 1, is_deleted: false });
      return { message: `Project ${name} created.`, applied: { name } };
    };

  const stored = async (name: string): Promise<number> =>
    Number(((await desk.db.query('SELECT COUNT(*) AS n FROM glpi_projects WHERE name = ?', [name])) as Array<{ n: number }>)[0].n);

  async function mcpCall(verified: boolean): Promise<Call> {
    const session = await sessions.open(await desk.userId('glpi'), 'project');
    if (verified) await sessions.update(session.id, { verified_until: new Date(Date.now() + 60_000) });
    return desk.call('project_create', 'glpi', { sessionId: session.id });
  }

  it('refuses an MCP write in an unverified session, inside the transaction, and writes nothing', async () => {
    const error = await refusal(writes.run(await mcpCall(false), {}, insert('Unverified')));
    expect(error).toMatchObject({ code: 'VERIFICATION_REQUIRED', nextCall: { tool: 'auth_request_otp' } });
    expect(await stored('Unverified')).toBe(0);
  });

  it('refuses at commit an MCP write whose session was moved to another domain after the lock let it through, and writes nothing', async () => {
    const call = await mcpCall(true);
    // What a domain_switch committed between the call's lock check and its write does to the session.
    await sessions.update(call.sessionId!, { domain: 'ticket' });
    const error = await refusal(writes.run(call, {}, insert('Switched away')));
    expect(error).toMatchObject({ code: 'INTENT_LOCKED', nextCall: { tool: 'domain_switch', arguments: { domain: 'project', session_id: call.sessionId } } });
    expect(await stored('Switched away')).toBe(0);
    // Ended meanwhile: the session is gone for the write too.
    const ended = await mcpCall(true);
    await sessions.end(ended.sessionId!);
    expect((await refusal(writes.run(ended, {}, insert('Ended meanwhile')))).code).toBe('SESSION_NOT_FOUND');
    expect(await stored('Ended meanwhile')).toBe(0);
  });

  it('writes in a verified session, and for REST (a token, no session), with its audit entry committed alongside', async () => {
    expect(await writes.run(await mcpCall(true), {}, insert('Verified'))).toBeInstanceOf(Committed);
    expect(await writes.run(await desk.call('project_create', 'glpi', { transport: 'rest' }), {}, insert('Over REST'))).toBeInstanceOf(Committed);
    expect(await stored('Verified')).toBe(1);
    expect(await stored('Over REST')).toBe(1);
    const audited = (await desk.db.query("SELECT COUNT(*) AS n FROM audit_log WHERE tool = 'project_create' AND outcome = 'success'")) as Array<{ n: number }>;
    expect(Number(audited[0].n)).toBe(2);
  });

  it('answers a repeated idempotency key with the first outcome, and the key with other arguments with CONFLICT', async () => {
    const call = await mcpCall(true);
    const first = await writes.run(call, { idempotency_key: 'k-1', name: 'Once' } as never, insert('Once'));
    const again = await writes.run(call, { idempotency_key: 'k-1', name: 'Once' } as never, insert('Once'));
    expect(first).toBeInstanceOf(Committed);
    expect(again).toBeInstanceOf(Replay);
    expect((again as Replay).outcome).toMatchObject({ message: 'Project Once created.', applied: { name: 'Once' }, session_id: call.sessionId });
    expect(await stored('Once')).toBe(1);
    expect((await refusal(writes.run(call, { idempotency_key: 'k-1', name: 'Twice' } as never, insert('Twice')))).code).toBe('CONFLICT');
  });

  it('runs a dry run whole and rolls it back: the outcome says what would be, nothing is stored', async () => {
    const answer = await writes.run(await mcpCall(false), { dry_run: true }, insert('Dry'));
    expect(answer).toMatchObject({ dry_run: true, applied: { name: 'Dry' }, message: expect.stringContaining('Dry run: nothing was written') });
    expect(await stored('Dry')).toBe(0);
  });

  it("answers a dry run with the work's outcome, key by key in the envelope's order", async () => {
    const outcome =
      (id: number, inserted: boolean): (() => Promise<Outcome>) =>
      () =>
        Promise.resolve({
          message: `Project ${id} done: it reads; so.`,
          id,
          [INSERTED]: inserted,
          applied: { name: 'Dry' },
          resolved: {},
          data: { id },
          session_id: 'ses_x',
        });
    const created = await writes.run(await desk.call('project_create', 'glpi', { transport: 'rest' }), { dry_run: true }, outcome(7, true));
    expect(JSON.stringify(created)).toBe(
      '{"message":"Dry run: nothing was written. \\"applied\\" is what would be created.","applied":{"name":"Dry"},"resolved":{},"session_id":"ses_x","id":null,"dry_run":true}',
    );
    // A tool that creates may change a record instead (project_task_save given an id): the outcome says which.
    const updated = await writes.run(await desk.call('project_task_save', 'glpi', { transport: 'rest' }), { dry_run: true }, outcome(8, false));
    expect(JSON.stringify(updated)).toBe(
      '{"message":"Dry run: nothing was written. Sent without dry_run, the call would answer: \\"Project 8 done: it reads; so.\\"","applied":{"name":"Dry"},"resolved":{},"session_id":"ses_x","id":8,"data":{"id":8},"dry_run":true}',
    );
  });

  it("answers the input's problems the pipe left for the write even when the work does not, undoing what it wrote, with no key claimed and no verification asked", async () => {
    const pending = [{ field: 'percent_done', code: 'OUT_OF_RANGE' as const, received: 101, message: 'percent_done must be an integer from 0 to 100.' }];
    const input = attachMeta({ idempotency_key: 'k-refused' }, { provided: new Set(), resolved: {}, pending });
    // An unverified session: the refusal is the input's, not VERIFICATION_REQUIRED.
    const error = await refusal(writes.run(await mcpCall(false), input, insert('Left unreported')));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', issues: pending });
    expect(await stored('Left unreported')).toBe(0);
    // The key was not claimed: the same key writes once the input is right.
    expect(await writes.run(await mcpCall(true), { idempotency_key: 'k-refused' }, insert('Right at last'))).toBeInstanceOf(Committed);
  });

  it('once calls are served, refuses a write to a domain table outside the write unit, on any manager', async () => {
    const lock = desk.get(DbLock);
    const row = (name: string) => ({ name, name_key: name.toLowerCase(), priority: 3, percent_done: 0, entities_id: 1, is_deleted: false });
    servingCalls(desk.db);
    try {
      expect(await refusal(desk.db.manager.insert(Project, row('Around')))).toMatchObject({ code: 'VERIFICATION_REQUIRED' });
      // A transaction of its own is not the write unit's either.
      expect(await refusal(lock.transaction((manager) => manager.insert(Project, row('Around in a transaction'))))).toMatchObject({
        code: 'VERIFICATION_REQUIRED',
      });
      // The write unit's transaction, permitted while its work runs, is.
      const done = await writes.run(await desk.call('project_create', 'glpi', { transport: 'rest' }), {}, insert('Through the unit'));
      expect(done).toBeInstanceOf(Committed);
    } finally {
      servingEnded(desk.db);
    }
    expect(await stored('Around')).toBe(0);
    expect(await stored('Around in a transaction')).toBe(0);
    expect(await stored('Through the unit')).toBe(1);
  });
});
