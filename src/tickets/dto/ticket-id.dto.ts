import { DomainCallDto, WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ChoicesField, IntField, RefField, TextField } from '../../input/fields.js';
import { TICKET_GET_FIELDS } from '../ticket.fields.js';

export class GetTicketDto extends DomainCallDto {
  @RefField('ticket', { required: true, target: true, description: 'Id or exact title.' })
  id!: number;

  @ChoicesField(TICKET_GET_FIELDS, { description: 'Only these fields (id always).' })
  fields?: string[];

  @TextField({ maxLength: 200, description: 'From timeline_next_cursor: older entries.' })
  timeline_cursor?: string;
}

export class DeleteTicketDto extends WriteCallDto {
  @IntField({ required: true, min: 1, target: true, description: '' })
  id!: number;
}
