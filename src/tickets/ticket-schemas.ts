/** OpenAPI schemas of what ticket answers add to the row's fields (ticket-views.ts) and of ticket_stats. */
type JsonSchema = Record<string, unknown>;

const ACTOR: JsonSchema = {
  type: 'object',
  required: ['type', 'id', 'name'],
  properties: { type: { enum: ['user', 'group'] }, id: { type: 'integer' }, name: { type: ['string', 'null'] } },
};

const actors = (description: string): JsonSchema => ({ type: 'array', items: ACTOR, description });

export const TICKET_VIEW_EXTRAS: Record<string, JsonSchema> = {
  requesters: actors('Every requester, users before groups; requester_id is the first user.'),
  observers: actors('Every observer (watcher).'),
  assignees: actors('Every assigned technician and group; assignee_id and assignee_group_id are the first of each.'),
  overdue: { type: 'boolean', description: 'Past time_to_resolve: open after it, or solved after it.' },
  time_to_resolve_remaining: {
    type: ['string', 'null'],
    description: 'Time left until time_to_resolve ("2d 3h 5m"; negative once past); null without a deadline or once solved.',
  },
};

const FIGURES: Record<string, JsonSchema> = {
  count: { type: 'integer' },
  solved: { type: 'integer', description: 'Solved or closed.' },
  mean_hours_to_solve: { type: ['number', 'null'], description: 'Hours from opening to solving, over the solved ones.' },
  median_hours_to_solve: { type: ['number', 'null'] },
  overdue: { type: 'integer', description: 'Open past time_to_resolve, or solved after it.' },
};

export const TICKET_STATS_SCHEMA: JsonSchema = {
  type: 'object',
  required: Object.keys(FIGURES),
  properties: {
    ...FIGURES,
    group_by: { type: 'string' },
    groups: {
      type: 'array',
      description: 'One entry per value of group_by (named by it: {id, name}, a month, or null), largest first.',
      items: { type: 'object', required: Object.keys(FIGURES), properties: FIGURES, additionalProperties: true },
    },
  },
};
