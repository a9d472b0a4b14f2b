import { DomainCallDto } from '../../../input/dto/call-args.dto.js';
import { RefField, TextField } from '../../../input/fields.js';

/** One page of a ticket's timeline (REST GET /api/tickets/:id/entries). */
export class TimelinePageDto extends DomainCallDto {
  @RefField('ticket', { required: true, target: true, description: 'Ticket id or exact title.' })
  id!: number;

  @TextField({ maxLength: 200, description: 'timeline_next_cursor of a previous page: older entries.' })
  timeline_cursor?: string;
}
