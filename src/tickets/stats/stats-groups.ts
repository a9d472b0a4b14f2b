import { ACTOR_TYPE } from '../../database/entities/index.js';
import { IMPACT, PRIORITY, TICKET_STATUS, TICKET_TYPE, URGENCY } from '../../input/vocab/glpi-vocabularies.js';
import type { Vocabulary } from '../../input/vocab/vocabulary.js';

/** What counts (ticket_search with group_by) can group by. */
export const STATS_GROUPS = [
  'status',
  'type',
  'priority',
  'urgency',
  'impact',
  'category',
  'location',
  'entity',
  'assignee',
  'group',
  'requester',
  'month',
  'solve_month',
] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/**
 * How one grouping reads its key: a column of the ticket (a code shown with its label, or a
 * reference shown as {id, name}), an actor of a role (a ticket with two assignees counts for
 * each), or the month of a date.
 */
export type GroupKey =
  | { kind: 'code'; column: string; vocab: Vocabulary }
  | { kind: 'ref'; column: string; ref: string }
  | { kind: 'actor'; table: 'glpi_tickets_users' | 'glpi_groups_tickets'; column: 'users_id' | 'groups_id'; type: number; ref: string }
  | { kind: 'month'; column: string };

export const GROUP_KEYS: Readonly<Record<StatsGroup, GroupKey>> = {
  status: { kind: 'code', column: 'status', vocab: TICKET_STATUS },
  type: { kind: 'code', column: 'type', vocab: TICKET_TYPE },
  priority: { kind: 'code', column: 'priority', vocab: PRIORITY },
  urgency: { kind: 'code', column: 'urgency', vocab: URGENCY },
  impact: { kind: 'code', column: 'impact', vocab: IMPACT },
  category: { kind: 'ref', column: 'itilcategories_id', ref: 'itilCategory' },
  location: { kind: 'ref', column: 'locations_id', ref: 'location' },
  entity: { kind: 'ref', column: 'entities_id', ref: 'entity' },
  assignee: { kind: 'actor', table: 'glpi_tickets_users', column: 'users_id', type: ACTOR_TYPE.assigned, ref: 'user' },
  group: { kind: 'actor', table: 'glpi_groups_tickets', column: 'groups_id', type: ACTOR_TYPE.assigned, ref: 'group' },
  requester: { kind: 'actor', table: 'glpi_tickets_users', column: 'users_id', type: ACTOR_TYPE.requester, ref: 'user' },
  month: { kind: 'month', column: 'date' },
  solve_month: { kind: 'month', column: 'solvedate' },
};
