import { createHook } from 'node:async_hooks';
import { type Answer, Committed, type Outcome } from '../../src/envelope/envelope.js';
import type { CreateTicketDto } from '../../src/tickets/dto/create-ticket.dto.js';
import type { SearchTicketsDto } from '../../src/tickets/dto/search-tickets.dto.js';
import type { GetTicketDto } from '../../src/tickets/dto/ticket-id.dto.js';
import type { UpdateTicketDto } from '../../src/tickets/dto/update-ticket.dto.js';
import { TicketsRepository, viewerOf } from '../../src/tickets/tickets.repository.js';
import { TicketsService } from '../../src/tickets/tickets.service.js';
import { type Desk, openDesk, refusal } from './support/desk.js';

function outcomeOf(answer: Answer): Outcome {
  if (answer instanceof Committed) return answer.outcome;
  if ('message' in answer) return answer;
  throw new Error('a replay where a first answer was expected');
}

interface Page {
  items: Array<{ id: number; name: string }>;
  total: number;
}

/** Tickets: the Self-Service rules and GLPI's defaults, through the service and its repository. */
describe('tickets service and repository', () => {
  let desk: Desk;
  let tickets: TicketsService;

  beforeAll(async () => {
    desk = await openDesk();
    tickets = desk.get(TicketsService);
  });
  afterAll(() => desk?.close());

  async function search(login: string, args: Record<string, unknown> = {}): Promise<Page> {
    const call = await desk.call('ticket_search', login);
    return (await tickets.search(await desk.input<SearchTicketsDto>(call, args), call)).data as Page;
  }

  async function create(login: string, args: Record<string, unknown>): Promise<Outcome> {
    const call = await desk.call('ticket_create', login);
    return outcomeOf(await tickets.create(await desk.input<CreateTicketDto>(call, args), call));
  }

  it('shows a Self-Service requester only the tickets it requests, in searches and reads alike', async () => {
    const own = await search('post-only');
    expect(own.items.map((t) => t.name)).toEqual(['Troca de monitor']);
    expect(own.total).toBe(1);
    const vpn = (await search('glpi', { query: 'VPN' })).items[0];
    const repository = desk.get(TicketsRepository);
    expect(await repository.findVisible(vpn.id, viewerOf(await desk.principal('post-only')))).toBeUndefined();
    // The repository reads the row alone; its actors are the views' (every role, read once per answer).
    const row = await repository.findVisible(vpn.id, viewerOf(await desk.principal('glpi')));
    expect(row).toMatchObject({ id: vpn.id, name: vpn.name });
    expect(row).not.toHaveProperty('requester_id');
    const staff = await desk.call('ticket_get', 'glpi');
    const shown = outcomeOf(await tickets.get(await desk.input<GetTicketDto>(staff, { id: vpn.id }), staff)).data as Record<string, unknown>;
    expect(shown.requester_id).toEqual({ id: await desk.userId('joao.souza'), name: 'joao.souza' });
    const call = await desk.call('ticket_get', 'post-only');
    expect((await refusal(tickets.get(await desk.input<GetTicketDto>(call, { id: vpn.id }), call))).code).toBe('NOT_FOUND');
  });

  it("reads and shows a ticket on SQLite without a promise of its own: ticket_get's only promise is the method's", async () => {
    const call = await desk.call('ticket_get', 'glpi');
    const input = await desk.input<GetTicketDto>(call, { id: 1 });
    // Names cached by a first call, as every later call finds them.
    await tickets.get(input, call);
    const made = promisesMadeBy(() => void tickets.get(input, call));
    expect(made).toBe(1);
    expect(outcomeOf(await tickets.get(input, call)).data).toMatchObject({ id: 1, timeline: expect.any(Array), links: expect.any(Array) });
  });

  it('hides private followups of others from a Self-Service requester', async () => {
    const monitor = (await search('post-only')).items[0];
    const techId = await desk.userId('tech');
    await desk.db.query(
      "INSERT INTO glpi_itilfollowups (itemtype, items_id, users_id, content, is_private, date, date_creation, date_mod) VALUES ('Ticket', ?, ?, 'nota interna', 1, '2026-11-06 10:00:00', '2026-11-06 10:00:00', '2026-11-06 10:00:00')",
      [monitor.id, techId],
    );
    const read = async (login: string) => {
      const call = await desk.call('ticket_get', login);
      return (
        (await tickets.get(await desk.input<GetTicketDto>(call, { id: monitor.id }), call)).data as { timeline: Array<{ content: string }> }
      ).timeline.map((f) => f.content);
    };
    expect(await read('glpi')).toContain('nota interna');
    expect(await read('post-only')).not.toContain('nota interna');
  });

  it('opens a ticket for its Self-Service caller and refuses one for somebody else', async () => {
    const opened = await create('post-only', { name: 'Mouse quebrado' });
    expect(opened.applied).toMatchObject({ requester_id: await desk.userId('post-only'), status: 1, urgency: 3, impact: 3, priority: 3 });
    const error = await refusal(create('post-only', { name: 'Para outro', requester_id: await desk.userId('tech') }));
    // Self-Service may not set requester_id at all (simplified interface): refused before anything is written.
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues).toEqual([expect.objectContaining({ field: 'requester_id', code: 'FORBIDDEN_FIELD' })]);
    expect((await search('glpi', { query: 'Para outro' })).total).toBe(0);
  });

  it('derives priority from urgency x impact, and stamps the dates a status implies', async () => {
    const created = await create('tech', { name: 'Servidor lento', urgency: 'Alta', impact: 'Alta' });
    expect(created.applied).toMatchObject({ urgency: 4, impact: 4, priority: 4, status: 1 });
    const call = await desk.call('ticket_update', 'tech');
    const solved = outcomeOf(await tickets.update(await desk.input<UpdateTicketDto>(call, { id: created.id, status: 'Solucionado' }), call));
    expect(solved.applied).toMatchObject({ status: 5, solvedate: expect.any(String) });
    const reopened = outcomeOf(await tickets.update(await desk.input<UpdateTicketDto>(call, { id: created.id, status: 2 }), call));
    expect(reopened.applied).toMatchObject({ status: 2, solvedate: null });
  });

  it('moves a New ticket to Processing (assigned) when it gets an assignee', async () => {
    const created = await create('tech', { name: 'Sem técnico' });
    const call = await desk.call('ticket_update', 'tech');
    const assigned = outcomeOf(await tickets.update(await desk.input<UpdateTicketDto>(call, { id: created.id, assignee_id: 'tech' }), call));
    expect(assigned.applied).toMatchObject({ status: 2, assignee_id: await desk.userId('tech') });
  });
});

/** The promises `work` makes before it returns (its synchronous part: all of it when nothing is awaited). */
function promisesMadeBy(work: () => void): number {
  let made = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') made++;
    },
  }).enable();
  try {
    work();
  } finally {
    hook.disable();
  }
  return made;
}
