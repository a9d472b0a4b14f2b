import { IntField } from '../../common/input/fields.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

export class UpdateTicketDto extends TicketFieldsDto {
  @IntField({ required: true, min: 1, description: 'The ticket to change: its id (tickets have no unique name).' })
  id!: number;
}
