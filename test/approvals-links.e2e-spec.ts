import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import request from 'supertest';
import { DATABASES } from './support/databases.js';
import { callTool, connectHttp, failure, openSession, success } from './support/mcp-client.js';
import { startStack, type TestStack } from './support/test-app.js';

type Ref = { id: number; name: string };
type TicketData = Record<string, unknown> & {
  status: Ref;
  global_validation: Ref;
  timeline: Array<Record<string, unknown> & { kind: string }>;
  links: Array<{ relation: string; ticket: Ref }>;
};

/** GLPI's ticket validations (ticket_validation) and links between tickets (ticket_link). */
describe.each(DATABASES)('ticket validations and links on %s', (kind) => {
  let stack: TestStack;
  const clients: Record<string, Client> = {};
  const sessions: Record<string, string> = {};
  let ticketId: number;

  beforeAll(async () => {
    stack = await startStack(kind);
    for (const login of ['tech', 'glpi', 'maria.silva', 'post-only', 'normal']) {
      clients[login] = await connectHttp(stack.url, await stack.token(login, ['mcp']));
      sessions[login] = await openSession(clients[login], 'ticket');
    }
    ticketId = await open('tech', 'Compra de licença do Visio');
  });
  afterAll(async () => {
    for (const client of Object.values(clients)) await client.close();
    await stack?.close();
  });

  const call = (login: string, tool: string, args: Record<string, unknown>) =>
    callTool(clients[login], tool, { domain: 'ticket', session_id: sessions[login], ...args });
  const get = async (login: string, id: number | string) => success(await call(login, 'ticket_get', { id })).data as TicketData;
  async function open(login: string, name: string): Promise<number> {
    return Number(success(await call(login, 'ticket_create', { name, entities_id: 'Sede' })).id);
  }

  describe('validations', () => {
    it('asks a user to approve; the ticket waits, and shows the request in its timeline', async () => {
      const asked = success(await call('tech', 'ticket_validation', { id: ticketId, approver_id: 'glpi', comment: 'Aprova a compra?' }));
      // applied names what was stored as the call sends it, and as data and the timeline show it.
      const glpi = (asked.resolved as Record<string, { id: number }>).approver_id.id;
      expect(asked.applied).toEqual({
        ticket_id: ticketId,
        approver_id: glpi,
        comment: 'Aprova a compra?',
        status: 2,
        date: expect.any(String),
        global_validation: 2,
      });
      expect(asked.data).toMatchObject({ ticket_id: ticketId });
      const ticket = await get('tech', ticketId);
      expect(ticket.global_validation).toEqual({ id: 2, name: 'Waiting for approval' });
      expect(ticket.timeline[0]).toMatchObject({ kind: 'validation', approver_id: { name: 'glpi' }, content: 'Aprova a compra?' });
    });

    it('is answered only by its approver, a refusal with a reason', async () => {
      const notMine = failure(await call('tech', 'ticket_validation', { id: ticketId, answer: 'aprovado' }), 'CONFLICT');
      expect(notMine.error.message).toMatch(/no validation waiting for your answer/);
      const validationId = Number((await get('tech', ticketId)).timeline[0].id);
      failure(await call('tech', 'ticket_validation', { id: ticketId, answer: 'accepted', validation: validationId }), 'FORBIDDEN');

      const noReason = failure(await call('glpi', 'ticket_validation', { id: ticketId, answer: 'Recusada' }), 'VALIDATION_FAILED');
      expect(noReason.error.issues![0]).toMatchObject({ field: 'comment', code: 'REQUIRED' });
      const refused = success(await call('glpi', 'ticket_validation', { id: ticketId, answer: 'rejeitado', comment: 'Sem orçamento.' }));
      expect(refused.applied).toEqual({
        ticket_id: ticketId,
        answer: 4,
        comment: 'Sem orçamento.',
        users_id_validate: expect.any(Number),
        validation_date: expect.any(String),
        global_validation: 4,
      });
      expect(refused.resolved).toMatchObject({ answer: { input: 'rejeitado', id: 4 } });
      failure(await call('glpi', 'ticket_validation', { id: ticketId, answer: 'accepted', validation: validationId }), 'CONFLICT');
    });

    it('a group is asked: any member answers, and one grant makes the ticket Granted (GLPI, 0 % required)', async () => {
      const asked = success(await call('tech', 'ticket_validation', { id: ticketId, approver_group_id: 'Service Desk' }));
      expect(Object.keys(asked.applied!)).toEqual(['ticket_id', 'approver_group_id', 'comment', 'status', 'date', 'global_validation']);
      expect((await get('tech', ticketId)).global_validation.id).toBe(4);
      const granted = success(await call('maria.silva', 'ticket_validation', { id: ticketId, answer: 'Concedida' }));
      expect(granted.applied).toMatchObject({ answer: 3, global_validation: 3, users_id_validate: expect.any(Number) });
    });

    it('asks for a request or an answer when the call has neither', async () => {
      const neither = failure(await call('tech', 'ticket_validation', { id: ticketId, comment: 'ok' }), 'VALIDATION_FAILED');
      expect(neither.error.issues![0]).toMatchObject({ field: 'answer', code: 'REQUIRED' });
    });

    it('names the request to answer when the approver has several waiting', async () => {
      const id = await open('tech', 'Dois pedidos de aprovação');
      success(await call('tech', 'ticket_validation', { id, approver_id: 'glpi', comment: 'primeiro' }));
      success(await call('tech', 'ticket_validation', { id, approver_id: 'glpi', comment: 'segundo' }));
      const which = failure(await call('glpi', 'ticket_validation', { id, answer: 'yes' }), 'VALIDATION_FAILED');
      expect(which.error.issues![0]).toMatchObject({ field: 'validation', code: 'REQUIRED' });
      expect(which.error.issues![0].candidates).toHaveLength(2);
    });

    it('Self-Service answers what it is asked, even on a ticket it does not see, and cannot ask', async () => {
      success(await call('tech', 'ticket_validation', { id: ticketId, approver_id: 'post-only' }));
      failure(await call('post-only', 'ticket_get', { id: ticketId }), 'NOT_FOUND');
      const answered = success(await call('post-only', 'ticket_validation', { id: ticketId, answer: 'aprovado' }));
      expect(answered.applied).toMatchObject({ answer: 3 });
      const ask = failure(await call('post-only', 'ticket_validation', { id: ticketId, approver_id: 'post-only' }), 'VALIDATION_FAILED');
      expect(ask.error.issues!.map((i) => [i.field, i.code])).toEqual([['approver_id', 'FORBIDDEN_FIELD']]);
      // A ticket with nothing asked of it stays as missing as any other.
      const other = await open('tech', 'Sem pedido para post-only');
      failure(await call('post-only', 'ticket_validation', { id: other, answer: 'aprovado' }), 'NOT_FOUND');
    });

    it('out of entity: a technician of Sede cannot ask on a ticket of Filial Porto', async () => {
      const vpn = await get('tech', 'Acesso à VPN para novo colaborador');
      failure(await call('normal', 'ticket_validation', { id: Number(vpn.id), approver_id: 'maria.silva' }), 'NOT_FOUND');
    });

    it('answers the demo validation over REST too', async () => {
      const vpn = await get('tech', 'Acesso à VPN para novo colaborador');
      const admin = { Authorization: `Bearer ${await stack.token('glpi', ['api'])}` };
      const res = await request(stack.http)
        .post(`/api/tickets/${String(vpn.id)}/validations`)
        .set(admin)
        .send({ answer: 'accepted' });
      expect(res.status).toBe(201);
      expect(res.body.data.global_validation).toEqual({ id: 3, name: 'Granted' });
    });
  });

  describe('links', () => {
    it('links as duplicate and parent, seen from both ends with the relation from each side', async () => {
      const duplicate = await open('tech', 'Visio de novo');
      const child = await open('tech', 'Instalar o Visio');
      const dup = success(await call('tech', 'ticket_link', { id: duplicate, other_id: ticketId, relation: 'Duplicado' }));
      expect(dup.applied).toEqual({ other_id: ticketId, relation: 2 });
      success(await call('tech', 'ticket_link', { id: ticketId, other_id: 'Instalar o Visio', relation: 'Pai' }));
      const links = (await get('tech', ticketId)).links;
      expect(links).toEqual(
        expect.arrayContaining([
          { relation: 'Duplicate', ticket: { id: duplicate, name: 'Visio de novo' } },
          { relation: 'Parent', ticket: { id: child, name: 'Instalar o Visio' } },
        ]),
      );
      expect((await get('tech', child)).links).toEqual([{ relation: 'Child', ticket: { id: ticketId, name: 'Compra de licença do Visio' } }]);
      // Linking the same pair again replaces the link.
      success(await call('tech', 'ticket_link', { id: child, other_id: ticketId, relation: 'related' }));
      expect((await get('tech', ticketId)).links.find((l) => l.ticket.id === child)!.relation).toBe('Related');
    });

    it('a solution solves the open duplicates too, as GLPI does, and applied says so; reopening refuses the solution, and says so', async () => {
      const duplicate = Number((await get('tech', 'Visio de novo')).id);
      const solved = success(await call('tech', 'ticket_add_entry', { id: ticketId, kind: 'solution', content: 'Licença comprada.' }));
      expect(solved.applied).toMatchObject({ ticket_status: 5, also_changed: { tickets: [{ id: duplicate, status: 5 }] } });
      expect(solved.message).toContain(`ticket ${duplicate} (a duplicate) Solved`);
      expect((await get('tech', duplicate)).status.id).toBe(5);
      const child = Number((await get('tech', 'Instalar o Visio')).id);
      expect((await get('tech', child)).status.id).not.toBe(5);
      // Reopened: the solution waiting for approval is refused, which the answer names.
      const solutionId = Number((await get('tech', ticketId)).timeline.find((entry) => entry.kind === 'solution')!.id);
      const reopened = success(await call('tech', 'ticket_update', { id: ticketId, status: 'Processing (assigned)' }));
      expect(reopened.applied).toMatchObject({ status: 2, also_changed: { solutions: [{ id: solutionId, status: 4 }] } });
      expect(reopened.message).toContain(`solution ${solutionId} Refused`);
      // Solved again through the status: the duplicate, solved already, does not change, and nothing else is named.
      const again = success(await call('tech', 'ticket_update', { id: ticketId, status: 'Solved' }));
      expect(again.applied).not.toHaveProperty('also_changed');
    });

    it('removes a link, refuses a ticket linked to itself, and shows the demo link', async () => {
      const child = Number((await get('tech', 'Instalar o Visio')).id);
      success(await call('tech', 'ticket_link', { id: ticketId, other_id: child, remove: true }));
      expect((await get('tech', child)).links).toEqual([]);
      failure(await call('tech', 'ticket_link', { id: ticketId, other_id: child, remove: true }), 'NOT_FOUND');
      const self = failure(await call('tech', 'ticket_link', { id: ticketId, other_id: ticketId }), 'VALIDATION_FAILED');
      expect(self.error.issues![0]).toMatchObject({ field: 'other_id', code: 'INVALID_VALUE' });
      expect((await get('tech', 'Erro ao abrir o ERP')).links).toEqual([
        { relation: 'Related', ticket: { id: expect.any(Number), name: 'Impressora do 2º andar não imprime' } },
      ]);
    });

    it('needs rights on both ends: Self-Service may not link, an out-of-entity end is not found', async () => {
      failure(await call('post-only', 'ticket_link', { id: ticketId, other_id: 1 }), 'FORBIDDEN');
      const sede = await open('normal', 'Ramal mudo');
      const vpn = Number((await get('tech', 'Acesso à VPN para novo colaborador')).id);
      const out = await call('normal', 'ticket_link', { id: sede, other_id: vpn });
      expect(out.isError).toBe(true);
      expect(['NOT_FOUND', 'VALIDATION_FAILED']).toContain(out.envelope.status === 'error' ? out.envelope.error.code : '');
    });
  });
});
