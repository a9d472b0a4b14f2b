import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Domain } from '../src/auth/principal.js';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

const CREATED = 'Dry run: nothing was written. "applied" is what would be created.';
const ANSWER = 'Dry run: nothing was written. Sent without dry_run, the call would answer: ';

/** A dry run of one write tool: what it answers as `id` and `message`. */
interface Case {
  tool: string;
  domain: Domain;
  args: Record<string, unknown>;
  /** null: the call creates a record (the id it got was rolled back). */
  id: number | null;
  message: string;
}

/**
 * Every write tool's dry run, as a table: a call that creates a record (ticket, timeline entry of each
 * kind, validation request, project, project task, user) answers `id: null`, no `data` and the
 * create's sentence; a change answers the record it acts on and quotes the sentence the write would
 * answer (whatever its punctuation: `;`, `:`, a second sentence).
 */
describe.each(DATABASES)('dry runs of every write tool on %s', (kind) => {
  let stack: TestStack;
  let client: Client;
  const sessions: Partial<Record<Domain, string>> = {};
  let validationId: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    client = await connectHttp(stack.url, await stack.token('glpi', ['mcp']));
    for (const domain of ['ticket', 'project', 'user'] as const) sessions[domain] = await openSession(client, domain);
    // A validation request addressed to the caller, so that its answer can be rehearsed.
    validationId = Number(
      success(await callTool(client, 'ticket_validation', { domain: 'ticket', session_id: sessions.ticket, id: 2, approver_id: 'glpi' })).id,
    );
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  const cases = (): Case[] => [
    { tool: 'ticket_create', domain: 'ticket', args: { name: 'Ensaio', content: 'x' }, id: null, message: CREATED },
    { tool: 'ticket_update', domain: 'ticket', args: { id: 1, urgency: 'Low' }, id: 1, message: `${ANSWER}"Ticket 1 updated (2 fields)."` },
    { tool: 'ticket_delete', domain: 'ticket', args: { id: 4 }, id: 4, message: `${ANSWER}"Ticket 4 'Troca de monitor' deleted."` },
    { tool: 'ticket_add_entry', domain: 'ticket', args: { id: 2, content: 'x' }, id: null, message: CREATED },
    { tool: 'ticket_add_entry', domain: 'ticket', args: { id: 2, kind: 'task', content: 'x', duration: '1h' }, id: null, message: CREATED },
    { tool: 'ticket_add_entry', domain: 'ticket', args: { id: 2, kind: 'solução', content: 'x', dry_run: 'true' }, id: null, message: CREATED },
    { tool: 'ticket_validation', domain: 'ticket', args: { id: 2, approver_id: 5, comment: 'Aprova?' }, id: null, message: CREATED },
    {
      tool: 'ticket_validation',
      domain: 'ticket',
      args: { id: 2, answer: 'accepted', validation: validationId },
      id: validationId,
      message: `${ANSWER}"Validation ${validationId} of ticket 2 granted."`,
    },
    { tool: 'ticket_link', domain: 'ticket', args: { id: 3, other_id: 2 }, id: 3, message: `${ANSWER}"Ticket 3 linked to ticket 2 (Related)."` },
    { tool: 'ticket_link', domain: 'ticket', args: { id: 3, other_id: 1, remove: true }, id: 3, message: `${ANSWER}"Link between tickets 3 and 1 removed."` },
    { tool: 'project_create', domain: 'project', args: { name: 'Ensaio' }, id: null, message: CREATED },
    { tool: 'project_update', domain: 'project', args: { id: 2, percent_done: 50 }, id: 2, message: `${ANSWER}"Project 2 updated (1 field)."` },
    { tool: 'project_delete', domain: 'project', args: { id: 2 }, id: 2, message: `${ANSWER}"Project 2 'Renovação do parque de impressoras' deleted."` },
    { tool: 'project_task_save', domain: 'project', args: { projects_id: 1, name: 'Ensaio' }, id: null, message: CREATED },
    { tool: 'project_task_save', domain: 'project', args: { id: 1, percent_done: 50 }, id: 1, message: `${ANSWER}"Project task 1 saved."` },
    { tool: 'user_create', domain: 'user', args: { name: 'ensaio', entities_id: 1, profiles_id: 'Technician' }, id: null, message: CREATED },
    { tool: 'user_update', domain: 'user', args: { id: 3, phone: '123' }, id: 3, message: `${ANSWER}"User 3 updated (1 field)."` },
    {
      tool: 'user_deactivate',
      domain: 'user',
      args: { id: 3 },
      id: 3,
      message: `${ANSWER}"User 3 'normal' deactivated: they can no longer sign in; their records stay."`,
    },
  ];

  it('answers id null for a create, the record acted on for a change, and a sentence that reads as one', async () => {
    // Every row compared at once: a failure shows each tool's answer.
    const answered: unknown[] = [];
    for (const c of cases()) {
      const answer = success(await callTool(client, c.tool, { domain: c.domain, session_id: sessions[c.domain], dry_run: true, ...c.args }));
      // A create's view of a record that was never stored is left out.
      const data = c.id === null ? 'data' in answer : false;
      answered.push({ tool: c.tool, args: c.args, id: answer.id, message: answer.message, dry_run: answer.dry_run, data });
    }
    expect(answered).toEqual(cases().map((c) => ({ tool: c.tool, args: c.args, id: c.id, message: c.message, dry_run: true, data: false })));
    // Nothing was written: the ticket's timeline holds the request made above, and no entry of a dry run.
    const ticket = success(await callTool(client, 'ticket_get', { domain: 'ticket', session_id: sessions.ticket, id: 2 })).data as {
      timeline: Array<{ content?: string }>;
    };
    expect(ticket.timeline.filter((entry) => entry.content === 'x' || entry.content === 'Aprova?')).toEqual([]);
  });
});
