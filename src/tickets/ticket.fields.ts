import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_TYPE, URGENCY } from '../input/vocab/glpi-vocabularies.js';
import type { OutputField } from '../present/presenter.js';
import { DEADLINE_FIELDS } from './deadlines.js';
import { ROLE_NAMES } from './ticket-actors.js';
import { APPROVAL_STATUS } from './timeline/timeline-vocabularies.js';

/**
 * Ticket fields as callers see them. requester_id, assignee_id and assignee_group_id are not
 * columns of glpi_tickets: they come from the actor tables and are put into the row before presenting.
 */
export const TICKET_OUTPUT: readonly OutputField[] = [
  { name: 'id', kind: 'int' },
  { name: 'name', kind: 'plain' },
  { name: 'content', kind: 'plain' },
  { name: 'type', kind: 'enum', vocab: TICKET_TYPE },
  { name: 'status', kind: 'enum', vocab: TICKET_STATUS },
  { name: 'urgency', kind: 'enum', vocab: URGENCY },
  { name: 'impact', kind: 'enum', vocab: IMPACT },
  { name: 'priority', kind: 'enum', vocab: PRIORITY },
  { name: 'itilcategories_id', kind: 'ref', ref: 'itilCategory' },
  { name: 'locations_id', kind: 'ref', ref: 'location' },
  { name: 'entities_id', kind: 'ref', ref: 'entity' },
  { name: 'requester_id', kind: 'ref', ref: 'user' },
  { name: 'assignee_id', kind: 'ref', ref: 'user' },
  { name: 'assignee_group_id', kind: 'ref', ref: 'group' },
  { name: 'date', kind: 'date' },
  { name: 'time_to_resolve', kind: 'date' },
  { name: 'global_validation', kind: 'enum', vocab: APPROVAL_STATUS },
  { name: 'solvedate', kind: 'date' },
  { name: 'closedate', kind: 'date' },
  { name: 'date_creation', kind: 'date' },
  { name: 'date_mod', kind: 'date' },
];

/** Output fields, with the actor lists and deadline fields every ticket answer adds (ticket-views.ts). */
export const TICKET_FIELD_NAMES = [...TICKET_OUTPUT.map((f) => f.name), ...ROLE_NAMES, ...DEADLINE_FIELDS];

/** ticket_get may also project its timeline, links, time spent and the project tasks it answers. */
export const TICKET_GET_FIELDS = [...TICKET_FIELD_NAMES, 'timeline', 'links', 'actiontime', 'project_tasks'];

/** Columns of glpi_tickets a create or update may write (GLPI names). */
export const TICKET_WRITABLE = [
  'name',
  'content',
  'type',
  'status',
  'urgency',
  'impact',
  'priority',
  'itilcategories_id',
  'locations_id',
  'entities_id',
  'date',
  'time_to_resolve',
] as const;

export type TicketColumn = (typeof TICKET_WRITABLE)[number];
