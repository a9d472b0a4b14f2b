import { TextField } from '../../input/fields.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

export class CreateTicketDto extends TicketFieldsDto {
  @TextField({ required: true, maxLength: 255, description: '' })
  override name!: string;
}
