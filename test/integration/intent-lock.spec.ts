import { decideIntentLock, readLockArguments } from '../../src/session/intent-lock.decision.js';
import { SessionsRepository } from '../../src/session/sessions.repository.js';
import { ToolRegistry } from '../../src/tools/tool-registry.js';
import { type Desk, openDesk } from './support/desk.js';

/** The lock's decisions on sessions as the repository stores and reads them, on a real database. */
describe('intent lock on stored sessions', () => {
  let desk: Desk;
  let sessions: SessionsRepository;
  let glpi: number;
  let tech: number;

  beforeAll(async () => {
    desk = await openDesk();
    sessions = desk.get(SessionsRepository);
    glpi = await desk.userId('glpi');
    tech = await desk.userId('tech');
  });
  afterAll(() => desk?.close());

  async function decide(tool: string, args: Record<string, unknown>, userId: number) {
    const policy = desk.get(ToolRegistry).policy(tool);
    if (!policy) throw new Error(`no tool ${tool}`);
    const lock = readLockArguments(args);
    const row = lock.sessionId ? await sessions.get(lock.sessionId) : undefined;
    return decideIntentLock(policy, lock, row, { userId, now: Date.now() });
  }

  it('passes a call in a live session of the tool domain, and names that session', async () => {
    const opened = await sessions.open(glpi, 'project');
    const decision = await decide('project_search', { domain: 'project', session_id: opened.id }, glpi);
    expect(decision).toMatchObject({ pass: true, session: { id: opened.id, domain: 'project' } });
  });

  it('refuses a tool of another domain with the domain_switch to make, once the session moved', async () => {
    const opened = await sessions.open(glpi, 'project');
    await sessions.switchDomain(opened, 'ticket');
    const decision = await decide('project_get', { domain: 'project', session_id: opened.id, id: 1 }, glpi);
    expect(decision).toMatchObject({
      pass: false,
      error: { code: 'INTENT_LOCKED', nextCall: { tool: 'domain_switch', arguments: { domain: 'project', session_id: opened.id } } },
      session: { id: opened.id, domain: 'ticket' },
    });
  });

  it("answers another user's, an ended and an unknown session alike: SESSION_NOT_FOUND", async () => {
    const theirs = await sessions.open(tech, 'ticket');
    const ended = await sessions.open(glpi, 'ticket');
    await sessions.end(ended.id);
    for (const id of [theirs.id, ended.id, 'ses_unknown']) {
      const decision = await decide('ticket_search', { domain: 'ticket', session_id: id }, glpi);
      expect(decision).toMatchObject({ pass: false, error: { code: 'SESSION_NOT_FOUND' } });
    }
  });

  it('leaves session tools alone: they read their own session', async () => {
    expect(await decide('session_status', { session_id: 'ses_unknown' }, glpi)).toEqual({ pass: true });
  });
});
