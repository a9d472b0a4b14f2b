import { IntField } from '../../input/fields.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

export class UpdateTicketDto extends TicketFieldsDto {
  @IntField({ required: true, min: 1, target: true, description: '' })
  id!: number;
}
