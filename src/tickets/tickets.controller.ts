import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import type { Answer } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { ServesTool } from '../tools/tool.decorator.js';
import { CallOf, RestInput } from '../transports/rest/rest-input.decorator.js';
import { Doc, DocTag, page, ref } from '../transports/rest/route-doc.decorator.js';
import { AddFollowupDto } from './dto/add-followup.dto.js';
import { CreateTicketDto } from './dto/create-ticket.dto.js';
import { SearchTicketsDto } from './dto/search-tickets.dto.js';
import { DeleteTicketDto, GetTicketDto } from './dto/ticket-id.dto.js';
import { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketsService } from './tickets.service.js';

/** REST face of the ticket tools: one service call per route. */
@DocTag('tickets', 'Tickets: search, read with followups, open, update, add followups, delete (to the trash).')
@Controller('api/tickets')
export class TicketsController {
  constructor(private readonly tickets: TicketsService) {}

  @Get()
  @ServesTool('ticket_search')
  @Doc({ data: { anyOf: [page(ref('Ticket')), ref('TicketStats')] } })
  search(@RestInput('query') input: SearchTicketsDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.search(input, call);
  }

  @Post('search')
  @HttpCode(200)
  @ServesTool('ticket_search')
  @Doc({ summary: 'Search tickets (filters in a JSON body)', data: { anyOf: [page(ref('Ticket')), ref('TicketStats')] } })
  searchByBody(@RestInput('body') input: SearchTicketsDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.search(input, call);
  }

  @Get(':id')
  @ServesTool('ticket_get')
  @Doc({ data: ref('TicketWithFollowups') })
  get(@RestInput('params+query') input: GetTicketDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.get(input, call);
  }

  @Post()
  @ServesTool('ticket_create')
  @Doc({ data: ref('Ticket') })
  create(@RestInput('body') input: CreateTicketDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.create(input, call);
  }

  @Patch(':id')
  @ServesTool('ticket_update')
  @Doc({ data: ref('Ticket') })
  update(@RestInput('params+body') input: UpdateTicketDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.update(input, call);
  }

  @Delete(':id')
  @ServesTool('ticket_delete')
  remove(@RestInput('params+body') input: DeleteTicketDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.delete(input, call);
  }

  @Post(':id/followups')
  @ServesTool('ticket_add_followup')
  @Doc({ data: ref('NewFollowup') })
  addFollowup(@RestInput('params+body') input: AddFollowupDto, @CallOf() call: Call): Promise<Answer> {
    return this.tickets.addFollowup(input, call);
  }
}
