import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { GroupUser, Ticket, TicketValidation } from '../../database/entities/index.js';
import { DeskError } from '../../envelope/desk-error.js';
import { type Answer, INSERTED } from '../../envelope/envelope.js';
import { metaOf } from '../../input/input-meta.js';
import { CLOSED_STATUS } from '../../input/vocab/glpi-vocabularies.js';
import { appliedView } from '../../present/presenter.js';
import type { Call } from '../../tools/call.js';
import { Tool } from '../../tools/tool.decorator.js';
import { inactiveUserIssues } from '../../users/inactive-users.js';
import { refuseProblems } from '../../writes/all-problems.js';
import { WriteUnit } from '../../writes/write-unit.js';
import { SYSTEM_VIEWER, type TicketRow, TicketsRepository, viewerOf } from '../tickets.repository.js';
import { ValidationDto } from './dto/validation.dto.js';
import { APPROVAL, APPROVAL_STATUS } from './timeline-vocabularies.js';
import { globalValidation } from './validation-rules.js';

/** ticket_validation: GLPI's ticket approvals (a business sign-off), asked of a user or a group and answered by them. */
@Injectable()
export class ValidationsService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly writes: WriteUnit,
  ) {}

  @Tool({
    name: 'ticket_validation',
    domain: 'ticket',
    access: 'create',
    // An approver answers with the right to read tickets only (Self-Service); asking needs update (below).
    right: 'read',
    title: 'Ask for or answer a ticket approval',
    summary: 'Asks a user or group to approve a ticket (approver_id/approver_group_id), or answers a request addressed to you (answer).',
    notFor: 'solutions (ticket_add_entry).',
    example: { id: 2, answer: 'accepted' },
    input: ValidationDto,
    locks: { table: 'glpi_tickets', fields: ['id'] },
  })
  async validate(input: ValidationDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    if (input.answer === undefined && input.approver_id === undefined && input.approver_group_id === undefined) {
      throw DeskError.validation(call, [
        {
          field: 'answer',
          code: 'REQUIRED',
          received: null,
          message: 'Send approver_id or approver_group_id to ask for a validation, or answer (accepted/refused) to answer one.',
        },
      ]);
    }
    if (input.answer === undefined && !call.principal.rights.ticket.includes('update')) {
      throw new DeskError('FORBIDDEN', 'Your profile answers validations addressed to you; asking for one is a technician’s. Send answer.');
    }
    return this.writes.run(call, input, async ({ manager, now }) => {
      const userId = call.principal.userId;
      if (input.answer === undefined) {
        const viewer = viewerOf(call.principal);
        const ticket = await this.tickets.findVisibleOrFail(input.id, viewer, manager);
        if (Number(ticket.status) === CLOSED_STATUS) throw new DeskError('CONFLICT', `Ticket ${input.id} is closed; reopen it before asking for a validation.`);
        if (input.approver_id !== undefined)
          refuseProblems(call, input, await inactiveUserIssues(manager, [{ userId: input.approver_id, field: 'approver_id' }], metaOf(input).resolved));
        // applied names what is stored as the call sends it and ticket_get's timeline shows it, not by GLPI's columns.
        const approver = input.approver_id !== undefined ? { approver_id: input.approver_id } : { approver_group_id: input.approver_group_id! };
        const values = { comment: input.comment ?? null, status: APPROVAL.waiting, date: now };
        const result = await manager.insert(TicketValidation, {
          entities_id: Number(ticket.entities_id),
          tickets_id: input.id,
          users_id: userId,
          ...('approver_id' in approver
            ? { itemtype_target: 'User', items_id_target: approver.approver_id }
            : { itemtype_target: 'Group', items_id_target: approver.approver_group_id }),
          comment_submission: values.comment,
          status: values.status,
          submission_date: now,
        });
        const global = await this.follow(manager, input.id, userId, now);
        const id = Number(result.identifiers[0].id);
        return {
          message: `Validation ${id} asked on ticket ${input.id}; it waits for ${input.approver_id !== undefined ? 'the user' : 'the group'}'s answer.`,
          id,
          [INSERTED]: true,
          applied: appliedView({ ticket_id: input.id, ...approver, ...values, global_validation: global }, call.zone),
          resolved: meta.resolved,
          data: { ticket_id: input.id, validation_id: id, status: APPROVAL_STATUS.ref(APPROVAL.waiting), global_validation: APPROVAL_STATUS.ref(global) },
        };
      }
      const ticket = await this.ticketForApprover(manager, input.id, call);
      const validation = await this.pendingFor(manager, ticket, input.validation, userId, call);
      const values = { answer: input.answer, comment: input.comment ?? null, users_id_validate: userId, validation_date: now };
      await manager.update(
        TicketValidation,
        { id: validation.id },
        { status: values.answer, comment_validation: values.comment, users_id_validate: userId, validation_date: now },
      );
      const global = await this.follow(manager, input.id, userId, now);
      return {
        message: `Validation ${validation.id} of ticket ${input.id} ${input.answer === APPROVAL.accepted ? 'granted' : 'refused'}.`,
        id: validation.id,
        applied: appliedView({ ticket_id: input.id, ...values, global_validation: global }, call.zone),
        resolved: meta.resolved,
        data: { ticket_id: input.id, validation_id: validation.id, status: APPROVAL_STATUS.ref(input.answer), global_validation: APPROVAL_STATUS.ref(global) },
      };
    });
  }

  /**
   * The ticket an answer is about: one the caller sees, or one with a validation addressed to it
   * (an approver may be outside the ticket's usual readers). Otherwise it does not exist for it.
   */
  private async ticketForApprover(manager: EntityManager, ticketId: number, call: Call): Promise<TicketRow> {
    const visible = await this.tickets.findVisible(ticketId, viewerOf(call.principal), manager);
    if (visible) return visible;
    const addressed = (await this.addressedTo(manager, ticketId, call.principal.userId)).length > 0;
    const any = addressed ? await this.tickets.findVisible(ticketId, SYSTEM_VIEWER, manager) : undefined;
    if (!any) throw await this.tickets.notFound(ticketId, viewerOf(call.principal), manager);
    return any;
  }

  /** The waiting validation the caller answers: the one named, or its only waiting one on the ticket. */
  private async pendingFor(manager: EntityManager, ticket: TicketRow, validationId: number | undefined, userId: number, call: Call): Promise<TicketValidation> {
    const mine = await this.addressedTo(manager, ticket.id, userId);
    if (validationId !== undefined) {
      const named = await manager.findOne(TicketValidation, { where: { id: validationId, tickets_id: ticket.id } });
      if (!named) throw DeskError.notFound('Validation', validationId);
      if (!mine.some((v) => v.id === named.id)) {
        throw new DeskError('FORBIDDEN', `Validation ${validationId} is not addressed to you: only its approver answers it, from their own session.`);
      }
      if (named.status !== APPROVAL.waiting)
        throw new DeskError('CONFLICT', `Validation ${validationId} was already answered (${APPROVAL_STATUS.label(named.status)}).`);
      return named;
    }
    const waiting = mine.filter((v) => v.status === APPROVAL.waiting);
    if (waiting.length === 1) return waiting[0];
    if (waiting.length === 0) throw new DeskError('CONFLICT', `Ticket ${ticket.id} has no validation waiting for your answer.`);
    throw DeskError.validation(call, [
      {
        field: 'validation',
        code: 'REQUIRED',
        received: null,
        message: `You have ${waiting.length} validations waiting on ticket ${ticket.id}; name one with validation (its id).`,
        candidates: waiting.map((v) => ({ id: v.id, name: v.comment_submission ?? `validation ${v.id}` })),
      },
    ]);
  }

  /** Validations of the ticket addressed to the user, directly or through one of its groups. */
  private async addressedTo(manager: EntityManager, ticketId: number, userId: number): Promise<TicketValidation[]> {
    const groups = (await manager.find(GroupUser, { where: { users_id: userId } })).map((g) => g.groups_id);
    const all = await manager.find(TicketValidation, { where: { tickets_id: ticketId }, order: { id: 'ASC' } });
    return all.filter(
      (v) => (v.itemtype_target === 'User' && v.items_id_target === userId) || (v.itemtype_target === 'Group' && groups.includes(v.items_id_target)),
    );
  }

  /** The ticket's global validation after a change of its validations (GLPI keeps it on the ticket). */
  private async follow(manager: EntityManager, ticketId: number, userId: number, now: Date): Promise<number> {
    const statuses = (await manager.find(TicketValidation, { where: { tickets_id: ticketId }, select: { status: true } })).map((v) => Number(v.status));
    const global = globalValidation(statuses);
    await manager.update(Ticket, { id: ticketId }, { global_validation: global, users_id_lastupdater: userId, date_mod: now });
    return global;
  }
}
