import { Injectable } from '@nestjs/common';
import { TICKET_LINK, TicketLink } from '../../database/entities/index.js';
import { DeskError } from '../../envelope/desk-error.js';
import type { Answer } from '../../envelope/envelope.js';
import { metaOf } from '../../input/input-meta.js';
import type { Call } from '../../tools/call.js';
import { Tool } from '../../tools/tool.decorator.js';
import { WriteUnit } from '../../writes/write-unit.js';
import { TicketsRepository, viewerOf } from '../tickets.repository.js';
import { LinkDto } from './dto/link.dto.js';
import { linkBetween } from './link-rules.js';
import { LINK_RELATION } from './timeline-vocabularies.js';

/** ticket_link: GLPI's links between tickets (related, duplicate, parent/child). */
@Injectable()
export class LinksService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly writes: WriteUnit,
  ) {}

  @Tool({
    name: 'ticket_link',
    domain: 'ticket',
    access: 'update',
    title: 'Link two tickets',
    summary: 'Links two tickets or removes the link. Solving or closing one also solves or closes its open duplicates.',
    notFor: 'fields (ticket_update).',
    example: { id: 3, other_id: 5, relation: 'Duplicate' },
    input: LinkDto,
    locks: { table: 'glpi_tickets', fields: ['id', 'other_id'] },
  })
  async link(input: LinkDto, call: Call): Promise<Answer> {
    const meta = metaOf(input);
    return this.writes.run(call, input, async ({ manager }) => {
      // Rights on both ends: each must be a ticket the caller may see (and update, by the tool's right).
      const viewer = viewerOf(call.principal);
      const [one, other] = await Promise.all([this.tickets.findVisible(input.id, viewer, manager), this.tickets.findVisible(input.other_id, viewer, manager)]);
      if (!one) throw await this.tickets.notFound(input.id, viewer, manager);
      if (!other) throw await this.tickets.notFound(input.other_id, viewer, manager);
      const existing = await linkBetween(manager, input.id, input.other_id);
      if (input.remove) {
        if (!existing) throw new DeskError('NOT_FOUND', `Tickets ${input.id} and ${input.other_id} are not linked.`);
        await manager.delete(TicketLink, { id: existing.id });
        return {
          message: `Link between tickets ${input.id} and ${input.other_id} removed.`,
          id: input.id,
          applied: { other_id: input.other_id, removed: true },
        };
      }
      const link = input.relation ?? TICKET_LINK.related;
      const relation = LINK_RELATION.label(link);
      const data = { ticket_id: input.id, relation, ticket: { id: input.other_id, name: other.name } };
      if (existing?.link === link && existing.tickets_id_1 === input.id) {
        return {
          message: `Tickets ${input.id} and ${input.other_id} are already linked (${relation}); nothing changed.`,
          id: input.id,
          applied: {},
          resolved: meta.resolved,
          data,
        };
      }
      // Two tickets have one link at most (as in GLPI): a new one takes the place of the old, and says so.
      if (existing) await manager.delete(TicketLink, { id: existing.id });
      await manager.insert(TicketLink, { tickets_id_1: input.id, tickets_id_2: input.other_id, link });
      const replaced = existing ? { relation: LINK_RELATION.label(existing.link), from: existing.tickets_id_1 } : undefined;
      return {
        message: `Ticket ${input.id} linked to ticket ${input.other_id} (${relation})${replaced ? `, replacing their earlier link (${replaced.relation}, from ticket ${replaced.from})` : ''}.`,
        id: input.id,
        applied: { other_id: input.other_id, relation: link },
        resolved: meta.resolved,
        data: replaced ? { ...data, replaced } : data,
      };
    });
  }
}
