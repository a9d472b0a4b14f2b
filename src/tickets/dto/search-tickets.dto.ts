import { domainField } from '../../common/dto/call-args.dto.js';
import { SearchCallDto } from '../../common/dto/search-args.dto.js';
import { ChoiceField, ChoicesField, DateField, EnumField, RefField, TextField } from '../../common/input/fields.js';
import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_TYPE, URGENCY } from '../../common/vocab/glpi-vocabularies.js';
import { TICKET_ALIASES, TICKET_FIELD_NAMES } from '../ticket.fields.js';

export const TICKET_SORTS = ['date', '-date', 'date_mod', '-date_mod', 'priority', '-priority', 'status', '-status', 'id', '-id'] as const;

export class SearchTicketsDto extends SearchCallDto {
  @domainField('ticket')
  domain!: 'ticket';

  // Tickets keep no normalized title column, so accents count on SQLite; say only what always holds.
  @TextField({ maxLength: 200, description: 'Free text, matched in title and description (case ignored).' })
  override query?: string;

  @EnumField(TICKET_TYPE, { description: 'Type.' })
  type?: number;

  @EnumField(TICKET_STATUS, { description: 'Status.', aliases: TICKET_ALIASES.status })
  status?: number;

  @EnumField(URGENCY, { description: 'Urgency.' })
  urgency?: number;

  @EnumField(IMPACT, { description: 'Impact.' })
  impact?: number;

  @EnumField(PRIORITY, { description: 'Priority.' })
  priority?: number;

  @RefField('itilCategory', { description: 'ITIL category.', aliases: TICKET_ALIASES.itilcategories_id })
  itilcategories_id?: number;

  @RefField('location', { description: 'Location.', aliases: TICKET_ALIASES.locations_id })
  locations_id?: number;

  @RefField('entity', { description: 'Entity (exactly this one, not its children).', aliases: TICKET_ALIASES.entities_id })
  entities_id?: number;

  @RefField('user', { description: 'Requester.', aliases: TICKET_ALIASES.requester_id })
  requester_id?: number;

  @RefField('user', { description: 'Assigned technician.', aliases: TICKET_ALIASES.assignee_id })
  assignee_id?: number;

  @RefField('group', { description: 'Assigned group.', aliases: TICKET_ALIASES.assignee_group_id })
  assignee_group_id?: number;

  @DateField({ description: 'Opened on or after.' })
  date_from?: Date;

  @DateField({ description: 'Opened on or before.' })
  date_to?: Date;

  @DateField({ description: 'Resolution deadline on or after.' })
  time_to_resolve_from?: Date;

  @DateField({ description: 'Resolution deadline on or before.' })
  time_to_resolve_to?: Date;

  @DateField({ description: 'Last modified on or after.' })
  date_mod_from?: Date;

  @DateField({ description: 'Last modified on or before.' })
  date_mod_to?: Date;

  @ChoiceField(TICKET_SORTS, { description: 'Sort field; "-" for descending (default -date_mod).' })
  sort?: (typeof TICKET_SORTS)[number];

  @ChoicesField(TICKET_FIELD_NAMES, { description: 'Only these fields in each item (id is always included).' })
  fields?: string[];
}
