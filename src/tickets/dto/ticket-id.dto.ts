import { DomainCallDto, WriteCallDto } from '../../input/dto/call-args.dto.js';
import { ChoicesField, IntField, RefField } from '../../input/fields.js';
import { TICKET_GET_FIELDS } from '../ticket.fields.js';

export class GetTicketDto extends DomainCallDto {
  @RefField('ticket', { required: true, target: true, description: 'Id or exact title.' })
  id!: number;

  @ChoicesField(TICKET_GET_FIELDS, { description: 'Only these fields (id is always included; "followups" for the followups).' })
  fields?: string[];
}

export class DeleteTicketDto extends WriteCallDto {
  @IntField({ required: true, min: 1, target: true, description: '' })
  id!: number;
}
