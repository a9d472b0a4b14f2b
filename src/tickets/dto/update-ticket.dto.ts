import { RefField } from '../../input/fields.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

export class UpdateTicketDto extends TicketFieldsDto {
  @RefField('ticket', { required: true, target: true, description: 'Id or exact title.' })
  id!: number;
}
