import type { Issue } from '../../envelope/issue.js';
import { endBeforeStart } from '../../input/date-order.js';
import { WriteCallDto } from '../../input/dto/call-args.dto.js';
import { DateField, EnumField, RefField, TextField } from '../../input/fields.js';
import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_TYPE, URGENCY } from '../../input/vocab/glpi-vocabularies.js';
import { TICKET_ALIASES } from '../ticket.fields.js';

/** The writable ticket fields, shared by create and update. */
export abstract class TicketFieldsDto extends WriteCallDto {
  @TextField({ maxLength: 255, description: '', aliases: TICKET_ALIASES.name })
  name?: string;

  @TextField({ maxLength: 65000, nullable: true, description: '', aliases: TICKET_ALIASES.content })
  content?: string | null;

  @EnumField(TICKET_TYPE, { description: 'Default 1.' })
  type?: number;

  @EnumField(TICKET_STATUS, { description: '', aliases: TICKET_ALIASES.status })
  status?: number;

  @EnumField(URGENCY, { description: 'Default 3.' })
  urgency?: number;

  @EnumField(IMPACT, { description: 'Default 3.' })
  impact?: number;

  @EnumField(PRIORITY, { description: 'Default: from urgency x impact.' })
  priority?: number;

  @RefField('itilCategory', { nullable: true, description: '', aliases: TICKET_ALIASES.itilcategories_id })
  itilcategories_id?: number | null;

  @RefField('location', { nullable: true, description: '', aliases: TICKET_ALIASES.locations_id })
  locations_id?: number | null;

  @RefField('entity', { description: 'Default: yours.', aliases: TICKET_ALIASES.entities_id })
  entities_id?: number;

  @RefField('user', { description: 'Login, email or full name; default you.', aliases: TICKET_ALIASES.requester_id })
  requester_id?: number;

  @RefField('user', { nullable: true, description: 'Technician.', aliases: TICKET_ALIASES.assignee_id })
  assignee_id?: number | null;

  @RefField('group', { nullable: true, description: '', aliases: TICKET_ALIASES.assignee_group_id })
  assignee_group_id?: number | null;

  @DateField({ description: 'Opened (default now).', aliases: TICKET_ALIASES.date })
  date?: Date;

  @DateField({ nullable: true, description: 'Deadline.', aliases: TICKET_ALIASES.time_to_resolve })
  time_to_resolve?: Date | null;

  static crossCheck(value: TicketFieldsDto): Issue[] {
    const issues = endBeforeStart(value as unknown as Record<string, unknown>, 'date', 'time_to_resolve');
    // A blank title passes the text rules but leaves the ticket unfindable in lists.
    if (value.name === '')
      issues.unshift({ field: 'name', code: 'INVALID_VALUE', received: '', message: 'name (the title) cannot be empty.', expected: 'a short title' });
    return issues;
  }
}
