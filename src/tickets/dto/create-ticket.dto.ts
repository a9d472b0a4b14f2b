import { TextField } from '../../input/fields.js';
import { TICKET_TITLE_FIELD, TicketFieldsDto } from './ticket-fields.dto.js';

export class CreateTicketDto extends TicketFieldsDto {
  @TextField({ ...TICKET_TITLE_FIELD, required: true })
  override name!: string;

  /** Its actors, category, location and groups are checked against its entity (StoredChecked): one answer names every problem. */
  static readonly checksStoredRecord = true;
}
