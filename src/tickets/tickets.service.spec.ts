import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal.js';
import { runInCall, requireCall } from '../call/call-context.js';
import type { Outcome } from '../envelope/envelope.js';
import { DeskError } from '../envelope/desk-error.js';
import { attachMeta } from '../input/input-meta.js';
import type { Presenter, Row } from '../present/presenter.js';
import type { WriteScope, WriteUnit } from '../writes/write-unit.js';
import { GroupTicket, Ticket, TicketUser } from '../database/entities/index.js';
import { CreateTicketDto } from './dto/create-ticket.dto.js';
import { GetTicketDto } from './dto/ticket-id.dto.js';
import { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { statusStamps } from './ticket-rules.js';
import type { TicketsRepository, TicketViewer } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const EARLIER = new Date('2026-05-20T08:00:00.000Z');
const CALLER = 10;

function principal(ticketScope: 'all' | 'own'): Principal {
  return {
    userId: CALLER,
    login: ticketScope === 'own' ? 'post-only' : 'tech',
    displayName: 'Caller',
    tokenId: 1,
    scopes: ['mcp'],
    timezone: 'UTC',
    language: 'en_GB',
    assignments: [],
    defaultEntityId: 1,
    scope: { entityIds: [1, 2], ancestorIds: [] },
    rights: { project: [], ticket: ['read', 'create', 'update', 'delete'], user: [], ticket_scope: ticketScope, admin: false },
  };
}

/** A DTO as the input pipe leaves it: normalized values plus which keys the caller sent. */
function parsed<T extends object>(dto: T, values: Record<string, unknown>): T {
  Object.assign(dto, values);
  return attachMeta(dto, { provided: new Set(Object.keys(values)), resolved: {}, timezone: 'UTC' });
}

function storedTicket(overrides: Row = {}): Row {
  return { id: 5, name: 'Erro ao abrir o ERP', status: 2, urgency: 3, impact: 3, priority: 3, date: EARLIER, time_to_resolve: null, solvedate: null, closedate: null, ...overrides };
}

/** `current` is the stored ticket findVisible returns; null when the caller cannot see it. */
function setup(ticketScope: 'all' | 'own' = 'all', current: Row | null = storedTicket()) {
  const manager = {
    insert: jest.fn(async (_target: unknown, _values: unknown) => ({ identifiers: [{ id: 7 }] })),
    update: jest.fn(async (_target: unknown, _where: unknown, _values: unknown) => ({})),
    delete: jest.fn(async (_target: unknown, _where: unknown) => ({})),
  };
  const queries = {
    findVisible: jest.fn(async (id: number, _viewer: TicketViewer) => (current ? { ...current, id } : undefined)),
    withActors: jest.fn(async (rows: Row[]) => rows),
    followupsOf: jest.fn(async () => [] as Row[]),
  };
  const presenter = { present: jest.fn(async (rows: Row[]) => rows.map((r) => ({ ...r }))) };
  const writes = {
    run: jest.fn(async (_input: unknown, work: (scope: WriteScope) => Promise<Outcome>) =>
      work({ manager: manager as unknown as EntityManager, now: NOW, call: requireCall() }),
    ),
  };
  const service = new TicketsService(queries as unknown as TicketsRepository, presenter as unknown as Presenter, writes as unknown as WriteUnit);
  const call = <T>(tool: string, fn: () => Promise<T>): Promise<T> =>
    runInCall({ transport: 'mcp', startedAt: 0, tool, domain: 'ticket', principal: principal(ticketScope) }, fn);
  /** Values written to glpi_tickets / the actor tables. */
  const ticketInsert = () => manager.insert.mock.calls.find(([target]) => target === Ticket)?.[1] as Row;
  const ticketUpdate = () => manager.update.mock.calls.find(([target]) => target === Ticket)?.[2] as Row;
  const actorInserts = (target: unknown) => manager.insert.mock.calls.filter(([t]) => t === target).map(([, values]) => values as Row);
  return { service, manager, queries, call, ticketInsert, ticketUpdate, actorInserts };
}

describe('TicketsService.create', () => {
  it('derives priority from urgency x impact and applies every default it stored', async () => {
    const t = setup();
    const out = await t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Teclado', urgency: 4, impact: 2, assignee_id: 3 })));
    expect(t.ticketInsert()).toMatchObject({ priority: 3, type: 1, status: 2, entities_id: 1, date: NOW, users_id_recipient: CALLER, users_id_lastupdater: CALLER });
    expect(out.applied).toEqual({
      name: 'Teclado',
      type: 1,
      status: 2,
      urgency: 4,
      impact: 2,
      priority: 3,
      entities_id: 1,
      date: '2026-06-01T12:00:00+00:00',
      requester_id: CALLER,
      assignee_id: 3,
    });
    expect(t.actorInserts(TicketUser)).toEqual([
      { tickets_id: 7, users_id: CALLER, type: 1 },
      { tickets_id: 7, users_id: 3, type: 2 },
    ]);
  });

  it('keeps an explicit priority and defaults urgency and impact to Medium', async () => {
    const t = setup();
    await t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Servidor parado', priority: 6 })));
    expect(t.ticketInsert()).toMatchObject({ urgency: 3, impact: 3, priority: 6, status: 1 });
  });

  it('counts an assigned group as an assignee and writes it to the group actors', async () => {
    const t = setup();
    await t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Rede lenta', assignee_group_id: 4 })));
    expect(t.ticketInsert()).toMatchObject({ status: 2 });
    expect(t.actorInserts(GroupTicket)).toEqual([{ tickets_id: 7, groups_id: 4, type: 2 }]);
  });

  it('stamps solvedate and closedate when created Closed', async () => {
    const t = setup();
    const out = await t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Já resolvido', status: 6 })));
    expect(t.ticketInsert()).toMatchObject({ status: 6, solvedate: NOW, closedate: NOW });
    expect(out.applied).toMatchObject({ solvedate: '2026-06-01T12:00:00+00:00', closedate: '2026-06-01T12:00:00+00:00' });
  });

  it('refuses a deadline before the (default) opening date', async () => {
    const t = setup();
    const attempt = t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Atrasado', time_to_resolve: EARLIER })));
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION_FAILED', issues: [expect.objectContaining({ field: 'time_to_resolve' })] });
    expect(t.manager.insert).not.toHaveBeenCalled();
  });

  describe('for a requester limited to their own tickets', () => {
    it('makes the caller the requester', async () => {
      const t = setup('own');
      const out = await t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Mouse quebrado' })));
      expect(out.applied).toMatchObject({ requester_id: CALLER });
      expect(t.actorInserts(TicketUser)).toEqual([{ tickets_id: 7, users_id: CALLER, type: 1 }]);
    });

    it('accepts naming themselves', async () => {
      const t = setup('own');
      await t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Mouse quebrado', requester_id: CALLER })));
      expect(t.actorInserts(TicketUser)).toEqual([{ tickets_id: 7, users_id: CALLER, type: 1 }]);
    });

    it('is FORBIDDEN to open one for somebody else, and writes nothing', async () => {
      const t = setup('own');
      const attempt = t.call('ticket_create', () => t.service.create(parsed(new CreateTicketDto(), { name: 'Mouse quebrado', requester_id: 42 })));
      await expect(attempt).rejects.toBeInstanceOf(DeskError);
      await expect(attempt).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('requester_id') });
      expect(t.manager.insert).not.toHaveBeenCalled();
    });

    it('reads through a viewer restricted to the caller', async () => {
      const t = setup('own');
      await t.call('ticket_get', () => t.service.get(parsed(new GetTicketDto(), { id: 5 })));
      expect(t.queries.findVisible).toHaveBeenCalledWith(5, { scope: { entityIds: [1, 2], ancestorIds: [] }, requesterId: CALLER });
      expect(t.queries.followupsOf).toHaveBeenCalledWith(5, expect.objectContaining({ requesterId: CALLER }));
    });
  });
});

describe('TicketsService.update', () => {
  it('recomputes priority from the new urgency and the stored impact', async () => {
    const t = setup('all', storedTicket({ urgency: 3, impact: 5 }));
    const out = await t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, urgency: 5 })));
    expect(out.applied).toEqual({ urgency: 5, priority: 5 });
  });

  it('leaves priority alone when the caller names it', async () => {
    const t = setup();
    const out = await t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, urgency: 1, priority: 4 })));
    expect(out.applied).toEqual({ urgency: 1, priority: 4 });
  });

  it('stamps solvedate on Solved and writes the last updater', async () => {
    const t = setup();
    const out = await t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, status: 5 })));
    expect(t.ticketUpdate()).toEqual({ status: 5, solvedate: NOW, users_id_lastupdater: CALLER, date_mod: NOW });
    expect(out.applied).toEqual({ status: 5, solvedate: '2026-06-01T12:00:00+00:00' });
  });

  it('clears both stamps when a closed ticket is reopened', async () => {
    const t = setup('all', storedTicket({ status: 6, solvedate: EARLIER, closedate: EARLIER }));
    const out = await t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, status: 2 })));
    expect(out.applied).toEqual({ status: 2, solvedate: null, closedate: null });
  });

  it('moves a New ticket to Processing (assigned) when it gets an assignee, replacing the assigned row', async () => {
    const t = setup('all', storedTicket({ status: 1 }));
    const out = await t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, assignee_id: 3 })));
    expect(out.applied).toEqual({ status: 2, assignee_id: 3 });
    expect(t.manager.delete).toHaveBeenCalledWith(TicketUser, { tickets_id: 5, type: 2 });
    expect(t.actorInserts(TicketUser)).toEqual([{ tickets_id: 5, users_id: 3, type: 2 }]);
  });

  it('removes the assignee on null without inserting a new one', async () => {
    const t = setup();
    const out = await t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, assignee_id: null })));
    expect(out.applied).toEqual({ assignee_id: null });
    expect(t.manager.delete).toHaveBeenCalledWith(TicketUser, { tickets_id: 5, type: 2 });
    expect(t.actorInserts(TicketUser)).toEqual([]);
  });

  it('checks a new deadline against the stored opening date', async () => {
    const t = setup('all', storedTicket({ date: NOW }));
    const attempt = t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 5, time_to_resolve: EARLIER })));
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(t.manager.update).not.toHaveBeenCalled();
  });

  it('answers NOT_FOUND for a ticket the caller cannot see, and writes nothing', async () => {
    const t = setup('all', null);
    const attempt = t.call('ticket_update', () => t.service.update(parsed(new UpdateTicketDto(), { id: 99, status: 5 })));
    await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(t.manager.update).not.toHaveBeenCalled();
  });
});

describe('statusStamps', () => {
  const before = (status: number, solvedate: Date | null = null, closedate: Date | null = null) => ({ status, solvedate, closedate });

  it('keeps the first solvedate when Solved is sent again', () => {
    expect(statusStamps(5, before(5, EARLIER), NOW)).toEqual({});
  });

  it('closes a solved ticket keeping its solvedate', () => {
    expect(statusStamps(6, before(5, EARLIER), NOW)).toEqual({ closedate: NOW });
  });

  it('moving from Closed back to Solved clears closedate only', () => {
    expect(statusStamps(5, before(6, EARLIER, EARLIER), NOW)).toEqual({ closedate: null });
  });

  it('changes nothing between open statuses', () => {
    expect(statusStamps(4, before(2), NOW)).toEqual({});
  });
});
