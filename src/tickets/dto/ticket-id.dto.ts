import { DomainCallDto, WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ChoicesField, RefField, TextField } from '../../input/fields.js';
import { TICKET_GET_FIELDS } from '../ticket.fields.js';

export class GetTicketDto extends DomainCallDto {
  // The tool's summary says it: "One ticket by id or title".
  @RefField('ticket', { required: true, target: true, description: '' })
  id!: number;

  @ChoicesField(TICKET_GET_FIELDS, { description: 'Only these fields (id always).' })
  fields?: string[];

  @TextField({ maxLength: 200, description: 'From timeline_next_cursor: older entries.' })
  timeline_cursor?: string;
}

export class DeleteTicketDto extends WriteCallDto {
  @RefField('ticket', { required: true, target: true, description: '' })
  id!: number;
}
