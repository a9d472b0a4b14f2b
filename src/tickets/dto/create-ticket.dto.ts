import { TextField } from '../../input/fields.js';
import { TICKET_ALIASES } from '../ticket.fields.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

export class CreateTicketDto extends TicketFieldsDto {
  @TextField({ required: true, maxLength: 255, description: '', aliases: TICKET_ALIASES.name })
  override name!: string;
}
