import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import type { Answer } from '../envelope/envelope.js';
import type { Call } from '../tools/call.js';
import { ServesTool } from '../tools/tool.decorator.js';
import { CallOf, RestInput } from '../transports/rest/rest-input.decorator.js';
import { Doc, DocTag, page, ref } from '../transports/rest/route-doc.decorator.js';
import { CreateTicketDto } from './dto/create-ticket.dto.js';
import { SearchTicketsDto } from './dto/search-tickets.dto.js';
import { DeleteTicketDto, GetTicketDto } from './dto/ticket-id.dto.js';
import { UpdateTicketDto } from './dto/update-ticket.dto.js';
import { TicketsService } from './tickets.service.js';
import { AddEntryDto } from './timeline/dto/add-entry.dto.js';
import { LinkDto } from './timeline/dto/link.dto.js';
import { TimelinePageDto } from './timeline/dto/timeline-page.dto.js';
import { ValidationDto } from './timeline/dto/validation.dto.js';
import { EntriesService } from './timeline/entries.service.js';
import { LinksService } from './timeline/links.service.js';
import { ValidationsService } from './timeline/validations.service.js';

/** REST face of the ticket tools: one service call per route. */
@DocTag('tickets', 'Tickets: search, read with their timeline, open, update, add followups, tasks and solutions, delete (to the trash).')
@Controller('api/tickets')
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly entriesService: EntriesService,
    private readonly validations: ValidationsService,
    private readonly links: LinksService,
  ) {}

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
  @Doc({ data: ref('TicketWithTimeline') })
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

  @Get(':id/entries')
  @ServesTool('ticket_get')
  @Doc({ summary: "A page of a ticket's timeline, newest first", data: ref('TimelinePage') })
  entries(@RestInput('params+query') input: TimelinePageDto, @CallOf() call: Call): Promise<Answer> {
    return this.entriesService.page(input, call);
  }

  @Post(':id/entries')
  @ServesTool('ticket_add_entry')
  @Doc({ data: ref('NewEntry') })
  addEntry(@RestInput('params+body') input: AddEntryDto, @CallOf() call: Call): Promise<Answer> {
    return this.entriesService.add(input, call);
  }

  @Post(':id/validations')
  @ServesTool('ticket_validation')
  @Doc({ summary: 'Ask for a validation of a ticket, or answer one addressed to you' })
  validation(@RestInput('params+body') input: ValidationDto, @CallOf() call: Call): Promise<Answer> {
    return this.validations.validate(input, call);
  }

  @Post(':id/links')
  @ServesTool('ticket_link')
  @Doc({ summary: 'Link the ticket to another, or remove the link' })
  link(@RestInput('params+body') input: LinkDto, @CallOf() call: Call): Promise<Answer> {
    return this.links.link(input, call);
  }
}
