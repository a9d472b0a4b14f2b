import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ItilFollowup, Ticket, TicketTask } from '../../database/entities/index.js';
import { DeskError } from '../../envelope/desk-error.js';
import { type Answer, INSERTED, type Outcome } from '../../envelope/envelope.js';
import { metaOf } from '../../input/input-meta.js';
import { SOLVED_STATUS, TICKET_STATUS } from '../../input/vocab/glpi-vocabularies.js';
import { appliedView, Presenter } from '../../present/presenter.js';
import type { Call } from '../../tools/call.js';
import { Tool } from '../../tools/tool.decorator.js';
import { inactiveUserIssues } from '../../users/inactive-users.js';
import { refuseProblems } from '../../writes/all-problems.js';
import { WriteUnit } from '../../writes/write-unit.js';
import { statusStamps, statusStateOf, statusWithPlannedTask } from '../ticket-rules.js';
import { type TicketRow, TicketsRepository, viewerOf } from '../tickets.repository.js';
import { type AlsoChanged, alsoChanged, alsoChangedSentence } from './also-changed.js';
import { AddEntryDto } from './dto/add-entry.dto.js';
import { TimelinePageDto } from './dto/timeline-page.dto.js';
import { type EntryKind, kindRightIssues } from './entry-kinds.js';
import { duplicatesSolved, solutionRefusal, writeSolution } from './solution-rules.js';
import { ENTRY_OUTPUT } from './timeline.fields.js';
import { TimelineService } from './timeline.service.js';
import { APPROVAL, TASK_TODO } from './timeline-vocabularies.js';

/**
 * What one kind of entry wrote: its id and `applied` (in the tool's field names, as ticket_get's
 * timeline shows them, never the table's columns), and what it changes on its ticket (written with
 * the ticket's stamps).
 */
interface Written {
  id: number;
  applied: Record<string, unknown>;
  row: Record<string, unknown>;
  ticket?: Record<string, unknown>;
}

/** ticket_add_entry: followups, tasks and solutions of a ticket (GLPI's timeline items). */
@Injectable()
export class EntriesService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly presenter: Presenter,
    private readonly writes: WriteUnit,
    private readonly timelines: TimelineService,
  ) {}

  @Tool({
    name: 'ticket_add_entry',
    domain: 'ticket',
    access: 'create',
    // Requesters and observers (Self-Service, who cannot update tickets) answer on their own tickets with followups, as GLPI's ADDMYTICKET and ADD_AS_OBSERVER followup rights allow;
    // tasks and solutions need the update right (kindRightIssues).
    right: 'read',
    title: 'Add to a ticket timeline',
    summary: 'Adds a followup, a task (work, duration) or a solution (the ticket becomes Solved) to a ticket.',
    notFor: 'fields, status (ticket_update).',
    notes: ['Tasks, solutions: technicians. Refuse a solution: ticket_update status Processing.'],
    example: { id: 3, kind: 'task', content: 'Toner trocado.', duration: '1h30', state: 'Done' },
    input: AddEntryDto,
    locks: { table: 'glpi_tickets', fields: ['id'] },
  })
  async add(input: AddEntryDto, call: Call): Promise<Answer> {
    const kind: EntryKind = input.kind ?? 'followup';
    // A kind the profile may not add is refused with every other problem of the input, before any read.
    refuseProblems(call, input, kindRightIssues(kind, call.principal.rights.ticket));
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager, now, dryRun }) => {
      const viewer = viewerOf(call.principal);
      const ticket = await this.tickets.findVisibleOrFail(input.id, viewer, manager);
      const userId = call.principal.userId;
      if (kind === 'task' && input.users_id_tech != null)
        refuseProblems(call, input, await inactiveUserIssues(manager, [{ userId: input.users_id_tech, field: 'users_id_tech' }], meta.resolved));
      const written = await this.write(kind, input, ticket, manager, userId, now, dryRun);
      await manager.update(Ticket, { id: input.id }, { ...written.ticket, users_id_lastupdater: userId, date_mod: now });
      const [view] = await this.presenter.present([{ ...written.row, id: written.id, kind, users_id: userId }], ENTRY_OUTPUT[kind], call.zone);
      const status = written.applied.ticket_status;
      return {
        message: `${kind[0].toUpperCase()}${kind.slice(1)} ${written.id} added to ticket ${input.id}${typeof status === 'number' ? `, now ${TICKET_STATUS.label(status)}` : ''}.${alsoChangedSentence(written.applied.also_changed as AlsoChanged | undefined)}`,
        id: written.id,
        [INSERTED]: true,
        applied: appliedView({ ticket_id: input.id, kind, ...written.applied }, call.zone),
        resolved: meta.resolved,
        data: { ticket_id: input.id, ...view },
      };
    });
  }

  /** One page of a ticket's timeline, newest first (GET /api/tickets/:id/entries; ticket_get shows the first). */
  async page(input: TimelinePageDto, call: Call): Promise<Outcome> {
    const viewer = viewerOf(call.principal);
    await this.tickets.findVisibleOrFail(input.id, viewer);
    const page = await this.timelines.page(input.id, viewer, call, input.timeline_cursor);
    return { message: `${page.timeline.length} entries of ticket ${input.id}.`, id: input.id, data: page };
  }

  private async write(
    kind: EntryKind,
    input: AddEntryDto,
    ticket: TicketRow,
    manager: EntityManager,
    userId: number,
    now: Date,
    dryRun: boolean,
  ): Promise<Written> {
    const stamps = { date_creation: now, date_mod: now };
    switch (kind) {
      case 'followup': {
        const values = { content: input.content, is_private: input.is_private ?? false, date: now };
        const result = await manager.insert(ItilFollowup, { itemtype: 'Ticket', items_id: input.id, users_id: userId, ...values, ...stamps });
        return { id: Number(result.identifiers[0].id), applied: values, row: values };
      }
      case 'task': {
        const plan = plannedSpan(input.begin, input.end, input.duration);
        const values = {
          content: input.content,
          is_private: input.is_private ?? false,
          state: input.state ?? TASK_TODO,
          actiontime: plan.duration ?? 0,
          users_id_tech: input.users_id_tech ?? null,
          begin: input.begin ?? null,
          end: plan.end ?? null,
          date: now,
        };
        const result = await manager.insert(TicketTask, { tickets_id: input.id, users_id: userId, ...values, ...stamps });
        // A task planned on a New or assigned ticket plans the ticket, in the same transaction, as GLPI does.
        const ticketStatus = values.begin ? statusWithPlannedTask(Number(ticket.status)) : undefined;
        const { actiontime, begin, end, ...rest } = values;
        return {
          id: Number(result.identifiers[0].id),
          applied: { ...rest, duration: actiontime, begin, end, ...(ticketStatus === undefined ? {} : { ticket_status: ticketStatus }) },
          row: { ...rest, duration: actiontime, begin_at: begin, end_at: end },
          ...(ticketStatus === undefined ? {} : { ticket: { status: ticketStatus } }),
        };
      }
      case 'solution': {
        const refusal = await solutionRefusal(manager, input.id, Number(ticket.status));
        if (refusal) throw new DeskError('CONFLICT', refusal);
        const values = { content: input.content, solutiontypes_id: input.solutiontypes_id ?? null, status: APPROVAL.waiting };
        const id = await writeSolution(manager, input.id, values, userId, now);
        // The same transaction makes the ticket Solved, with its solve date, as GLPI does.
        const ticketChange = { status: SOLVED_STATUS, ...statusStamps(SOLVED_STATUS, statusStateOf(ticket), now) };
        const also = alsoChanged(await duplicatesSolved(manager, input.id, values, userId, now), undefined, { dryRun });
        return {
          id,
          applied: { ...values, ticket_status: SOLVED_STATUS, ...(also ? { also_changed: also } : {}) },
          row: { ...values, date: now },
          ticket: ticketChange,
        };
      }
    }
  }
}

/**
 * A planned task's span as GLPI's planning takes it: a begin and a duration end that long after it;
 * a begin and an end without a duration take the time between them as the task's duration. What
 * was sent is kept; only what is missing is filled in.
 */
function plannedSpan(begin: Date | undefined, end: Date | undefined, duration: number | undefined): { end?: Date; duration?: number } {
  if (begin && !end && duration) return { end: new Date(begin.getTime() + duration * 1000), duration };
  if (begin && end && duration === undefined) return { end, duration: Math.round((end.getTime() - begin.getTime()) / 1000) };
  return { end, duration };
}
