import { RECORD_ID_ALIASES } from '../../input/dto/call-args.dto.js';
import { IntField } from '../../input/fields.js';
import { TicketFieldsDto } from './ticket-fields.dto.js';

export class UpdateTicketDto extends TicketFieldsDto {
  @IntField({ required: true, min: 1, target: true, description: '', aliases: RECORD_ID_ALIASES })
  id!: number;
}
